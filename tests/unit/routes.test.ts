import { describe, it, expect } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NAV_ENTRIES } from '@/components/layout/side-nav';
import {
  allowsLevel,
  hasFeatures,
  matchRoute,
  opensFor,
  routeByKey,
  routeHref,
  ROUTES,
} from '@/components/layout/routes';
import en from '@/messages/en-us.json';

/** The paths of spec §2 "Routes" (optional ids written both ways), with the access the table gives them. */
const SPEC_ROUTES: [path: string, access: 'logged in' | 'admin' | 'anonymous'][] = [
  ['/', 'logged in'],
  ['/alerts', 'logged in'],
  ['/alerts/active', 'logged in'],
  ['/alerts/closed', 'logged in'],
  ['/alerts/42', 'logged in'],
  ['/alerts/delivery/42', 'logged in'],
  ['/automation/scenarios', 'admin'],
  ['/automation/scenarios/42', 'admin'],
  ['/automation/iotDevices', 'admin'],
  ['/company/azureAd', 'admin'],
  ['/company/locations', 'admin'],
  ['/company/members', 'admin'],
  ['/company/settings', 'admin'],
  ['/company/teams', 'admin'],
  ['/company/teams/42', 'admin'],
  ['/company/voice', 'admin'],
  // Beyond the spec's table: the outbox page of issue 7 (DESIGN §6).
  ['/company/outbox', 'admin'],
  ['/confirmAdmin', 'anonymous'],
  ['/confirmEmail', 'anonymous'],
  // Beyond the spec's table: a company's invitation to a person with an account of their own (issue 32).
  ['/joinCompany', 'anonymous'],
  ['/forgotPassword', 'anonymous'],
  ['/setNewPassword', 'anonymous'],
  ['/resetPassword', 'anonymous'],
  ['/loggedOut', 'anonymous'],
  ['/login', 'anonymous'],
  ['/signup', 'anonymous'],
  ['/missions', 'admin'],
  ['/missions/42', 'admin'],
  ['/newAlert', 'admin'],
  // Listed as admin in the spec; login only here so that users without a company can create one (docs/decisions.md).
  ['/newCompany', 'logged in'],
  ['/newPositioning', 'admin'],
  ['/positionings', 'logged in'],
  // Not named in the spec's table: the results of one positioning (issue 17).
  ['/positionings/42', 'admin'],
  ['/profile', 'logged in'],
  // Beyond the spec's table: the install's operators (issue 35; gated on being one, not on a role).
  ['/operator', 'logged in'],
];

function message(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      en,
    );
}

/** The page file the App Router serves a pattern from. */
function pageFile(pattern: string, anonymous: boolean): string {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.endsWith('?')
        ? `[[...${segment.slice(1, -1)}]]`
        : segment.startsWith(':')
          ? `[${segment.slice(1)}]`
          : segment,
    );
  return path.join(process.cwd(), 'app', anonymous ? '(public)' : '(console)', ...segments, 'page.tsx');
}

describe('route table (spec §2 Routes)', () => {
  it.each(SPEC_ROUTES)('%s is a %s route', (pathname, access) => {
    const route = matchRoute(pathname);
    expect(route).toBeDefined();
    expect(Boolean(route!.anonymous)).toBe(access === 'anonymous');
    expect(Boolean(route!.noNav)).toBe(access === 'anonymous');
    expect(route!.minRole).toBe(access === 'admin' ? 'admin' : undefined);
  });

  it('has no route beyond the spec', () => {
    const matched = new Set(SPEC_ROUTES.map(([pathname]) => matchRoute(pathname)!.key));
    expect(ROUTES.map((route) => route.key).filter((key) => !matched.has(key))).toEqual([]);
  });

  it.each(['/nothing', '/alerts/1/2', '/missions/1/2', '/company', '/company/teams/1/members', '/profile/x'])(
    'leaves %s to the not-found page',
    (pathname) => {
      expect(matchRoute(pathname)).toBeUndefined();
    },
  );

  it('keeps static paths ahead of ids', () => {
    expect(matchRoute('/alerts/active')!.key).toBe('alertsActive');
    expect(matchRoute('/alerts/delivery/7')!.key).toBe('delivery');
    expect(matchRoute('/alerts/7')!.key).toBe('alert');
  });

  it.each(ROUTES.map((route) => [route.key, route] as const))(
    '%s has an English title and a page file',
    (_key, route) => {
      expect(typeof message(route.titleKey)).toBe('string');
      expect(existsSync(pageFile(route.pattern, Boolean(route.anonymous)))).toBe(true);
    },
  );

  it('gates on the level and on features', () => {
    expect(allowsLevel(routeByKey('members'), 'user')).toBe(false);
    expect(allowsLevel(routeByKey('members'), 'admin')).toBe(true);
    expect(allowsLevel(routeByKey('members'), 'superAdmin')).toBe(true);
    expect(allowsLevel(routeByKey('alerts'), 'user')).toBe(true);
    expect(hasFeatures(routeByKey('missions'), [])).toBe(false);
    expect(hasFeatures(routeByKey('missions'), ['mission'])).toBe(true);
    expect(hasFeatures(routeByKey('iotDevices'), ['scenario'])).toBe(false);
    expect(hasFeatures(routeByKey('iotDevices'), ['scenario', 'flicHub'])).toBe(true);
    expect(hasFeatures(routeByKey('members'), [])).toBe(true);
  });

  it('opens the operator area to operators only, whatever their role in a company', () => {
    expect(opensFor(routeByKey('operator'), 'superAdmin', false)).toBe(false);
    expect(opensFor(routeByKey('operator'), 'user', true)).toBe(true);
    expect(opensFor(routeByKey('members'), 'user', true)).toBe(false);
    expect(opensFor(routeByKey('alerts'), 'user', false)).toBe(true);
  });

  it('links to optional-id routes without the id', () => {
    expect(routeHref(routeByKey('missions'))).toBe('/missions');
    expect(routeHref(routeByKey('scenarios'))).toBe('/automation/scenarios');
    expect(routeHref(routeByKey('home'))).toBe('/');
  });
});

describe('navigation (spec §2 Navigation)', () => {
  it('lists home, new alert, new positioning, alert log, positioning log, missions, company, automation, then the operator area', () => {
    expect(NAV_ENTRIES.map((entry) => (entry.kind === 'link' ? entry.route : entry.id))).toEqual([
      'home',
      'newAlert',
      'newPositioning',
      'alerts',
      'positionings',
      'missions',
      'company',
      'automation',
      'operator',
    ]);
  });

  it('has an English label for every entry and item', () => {
    const keys = NAV_ENTRIES.flatMap((entry) => (entry.kind === 'link' ? [entry.route] : [entry.id, ...entry.items]));
    expect(keys.filter((key) => typeof message(`nav.${key}`) !== 'string')).toEqual([]);
  });
});
