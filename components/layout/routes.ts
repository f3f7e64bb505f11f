import type { RoleLevel } from '@/lib/auth/roles';

/** Company feature flags that gate screens (spec §6): delivered in GET /api/me `features`. */
export type Feature = 'mission' | 'scenario' | 'flicHub';

export type RouteKey =
  | 'home'
  | 'alerts'
  | 'alertsActive'
  | 'alertsClosed'
  | 'alert'
  | 'delivery'
  | 'scenarios'
  | 'iotDevices'
  | 'azureAd'
  | 'locations'
  | 'members'
  | 'companySettings'
  | 'teams'
  | 'team'
  | 'voice'
  | 'outbox'
  | 'missions'
  | 'newAlert'
  | 'newCompany'
  | 'newPositioning'
  | 'positionings'
  | 'positioning'
  | 'profile'
  | 'confirmAdmin'
  | 'confirmEmail'
  | 'joinCompany'
  | 'forgotPassword'
  | 'setNewPassword'
  | 'resetPassword'
  | 'loggedOut'
  | 'login'
  | 'signup'
  | 'operator';

export interface AppRoute {
  key: RouteKey;
  /** Segments; ":name" matches one segment, ":name?" an optional last one. */
  pattern: string;
  /** Full message key of the page title ("<title> - Tocsin"). */
  titleKey: string;
  /** Anonymous routes are always allowed; the others need a stored token. */
  anonymous?: boolean;
  /** Below this level the user goes to / (spec §2 Routing rules). */
  minRole?: RoleLevel;
  /** Features the company needs for the screen; without them the navigation shows the item disabled. */
  features?: Feature[];
  /** Pages without the navigation (login, sign-up, password pages, confirmations). */
  noNav?: boolean;
  /** Only for the install's operators (issue 35), whatever their role in a company. */
  operatorOnly?: boolean;
}

const anonymous = (key: RouteKey, pattern: string): AppRoute => ({
  key,
  pattern,
  titleKey: `${key}.title`,
  anonymous: true,
  noNav: true,
});

/**
 * Every route of spec §2 (table "Routes"). The one table behind the route gating, the page titles and the navigation.
 * Static patterns come before the parametrised ones they overlap (/alerts/active before /alerts/:id).
 * /newCompany is listed "admin" in the spec, yet a user without any company must reach it: login only (docs/decisions.md).
 */
export const ROUTES: readonly AppRoute[] = [
  { key: 'home', pattern: '/', titleKey: 'routes.home.title' },
  { key: 'alerts', pattern: '/alerts', titleKey: 'routes.alerts.title' },
  { key: 'alertsActive', pattern: '/alerts/active', titleKey: 'routes.alertsActive.title' },
  { key: 'alertsClosed', pattern: '/alerts/closed', titleKey: 'routes.alertsClosed.title' },
  { key: 'delivery', pattern: '/alerts/delivery/:id', titleKey: 'routes.delivery.title' },
  { key: 'alert', pattern: '/alerts/:id', titleKey: 'routes.alert.title' },
  {
    key: 'scenarios',
    pattern: '/automation/scenarios/:id?',
    titleKey: 'routes.scenarios.title',
    minRole: 'admin',
    features: ['scenario'],
  },
  {
    key: 'iotDevices',
    pattern: '/automation/iotDevices',
    titleKey: 'routes.iotDevices.title',
    minRole: 'admin',
    features: ['scenario', 'flicHub'],
  },
  { key: 'azureAd', pattern: '/company/azureAd', titleKey: 'routes.azureAd.title', minRole: 'admin' },
  { key: 'locations', pattern: '/company/locations', titleKey: 'routes.locations.title', minRole: 'admin' },
  { key: 'members', pattern: '/company/members', titleKey: 'routes.members.title', minRole: 'admin' },
  { key: 'companySettings', pattern: '/company/settings', titleKey: 'routes.companySettings.title', minRole: 'admin' },
  { key: 'teams', pattern: '/company/teams', titleKey: 'routes.teams.title', minRole: 'admin' },
  { key: 'team', pattern: '/company/teams/:id', titleKey: 'routes.team.title', minRole: 'admin' },
  { key: 'voice', pattern: '/company/voice', titleKey: 'routes.voice.title', minRole: 'admin' },
  // Not in spec §2: the outbox driver's messages (issue 7, DESIGN §6).
  { key: 'outbox', pattern: '/company/outbox', titleKey: 'outbox.title', minRole: 'admin' },
  {
    key: 'missions',
    pattern: '/missions/:id?',
    titleKey: 'routes.missions.title',
    minRole: 'admin',
    features: ['mission'],
  },
  { key: 'newAlert', pattern: '/newAlert', titleKey: 'routes.newAlert.title', minRole: 'admin' },
  { key: 'newCompany', pattern: '/newCompany', titleKey: 'newCompany.title' },
  { key: 'newPositioning', pattern: '/newPositioning', titleKey: 'routes.newPositioning.title', minRole: 'admin' },
  { key: 'positionings', pattern: '/positionings', titleKey: 'routes.positionings.title' },
  // Not named in spec §2: the results of one positioning (issue 17).
  {
    key: 'positioning',
    pattern: '/positionings/:id',
    titleKey: 'positionings.results.title',
    minRole: 'admin',
  },
  { key: 'profile', pattern: '/profile', titleKey: 'profile.title' },
  // Not in spec §2: the install's operators (issue 35).
  { key: 'operator', pattern: '/operator', titleKey: 'operator.title', operatorOnly: true },
  anonymous('confirmAdmin', '/confirmAdmin'),
  anonymous('confirmEmail', '/confirmEmail'),
  anonymous('joinCompany', '/joinCompany'),
  anonymous('forgotPassword', '/forgotPassword'),
  anonymous('setNewPassword', '/setNewPassword'),
  anonymous('resetPassword', '/resetPassword'),
  anonymous('loggedOut', '/loggedOut'),
  anonymous('login', '/login'),
  anonymous('signup', '/signup'),
];

/** Paths of the routes, by key: for links. */
export function routeByKey(key: RouteKey): AppRoute {
  return ROUTES.find((route) => route.key === key)!;
}

function matches(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (actual.length > wanted.length) return false;
  return wanted.every((segment, index) => {
    const value = actual[index];
    if (segment.endsWith('?')) return true;
    if (value === undefined) return false;
    return segment.startsWith(':') || segment === value;
  });
}

/** The route a path (without query) belongs to, or undefined for any other path (the not-found page). */
export function matchRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => matches(route.pattern, pathname));
}

/** Whether the features a route needs are all on for the company. */
export function hasFeatures(route: Pick<AppRoute, 'features'>, companyFeatures: readonly string[]): boolean {
  return (route.features ?? []).every((feature) => companyFeatures.includes(feature));
}

/** A link to the route: its pattern without the optional last segment (/missions/:id? → /missions). */
export function routeHref(route: AppRoute): string {
  return route.pattern.replace(/\/:[^/]+\?$/, '') || '/';
}

/** Whether a user of this level may open the route; a user without a company counts as "user". */
/** Whether a person of this level (and operator or not) may open the route; the others go to /. */
export function opensFor(route: AppRoute, level: RoleLevel, operator: boolean): boolean {
  return allowsLevel(route, level) && (!route.operatorOnly || operator);
}

export function allowsLevel(route: AppRoute, level: RoleLevel): boolean {
  if (!route.minRole) return true;
  const order: RoleLevel[] = ['user', 'admin', 'superAdmin'];
  return order.indexOf(level) >= order.indexOf(route.minRole);
}
