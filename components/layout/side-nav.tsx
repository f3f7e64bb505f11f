'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Me } from '@/components/session/me';
import { BUILD_TIME } from '@/lib/build-time';
import type { RoleLevel } from '@/lib/auth/roles';
import { useActiveMissionsCount } from './active-missions';
import { CompanySwitcher } from './company-switcher';
import { NavIcon, type NavIconName } from './nav-icon';
import { hasFeatures, opensFor, routeByKey, routeHref, type RouteKey } from './routes';

type NavEntry =
  | { kind: 'link'; route: RouteKey; icon: NavIconName; activeFor?: RouteKey[]; missionsBadge?: boolean }
  | { kind: 'group'; id: 'company' | 'automation'; icon: NavIconName; items: RouteKey[] };

/** The navigation in the order of spec §2 (after the company switcher and the profile link). Gates come from ROUTES. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { kind: 'link', route: 'home', icon: 'home' },
  { kind: 'link', route: 'newAlert', icon: 'newAlert' },
  { kind: 'link', route: 'newPositioning', icon: 'newPositioning' },
  { kind: 'link', route: 'alerts', icon: 'alerts', activeFor: ['alertsActive', 'alertsClosed', 'alert', 'delivery'] },
  { kind: 'link', route: 'positionings', icon: 'positionings' },
  { kind: 'link', route: 'missions', icon: 'missions', missionsBadge: true },
  {
    kind: 'group',
    id: 'company',
    icon: 'company',
    items: ['members', 'teams', 'locations', 'voice', 'azureAd', 'companySettings', 'outbox'],
  },
  { kind: 'group', id: 'automation', icon: 'automation', items: ['scenarios', 'iotDevices'] },
  { kind: 'link', route: 'operator', icon: 'operator' },
];

export interface SideNavProps {
  id: string;
  me: Me;
  level: RoleLevel;
  /** The route of the page shown, for the current item and the open group. */
  currentRoute: RouteKey | undefined;
  /** Called when an item is followed (the phone drawer closes). */
  onNavigate: () => void;
}

/** The left navigation (spec §2 Navigation). Items of a missing feature stay visible but disabled. */
export function SideNav({ id, me, level, currentRoute, onNavigate }: SideNavProps) {
  const t = useTranslations('nav');
  const missionsCount = useActiveMissionsCount();
  const features = me.features.map((feature) => feature.featureName);
  const visible = (key: RouteKey) => opensFor(routeByKey(key), level, me.user.operator);
  const enabled = (key: RouteKey) => hasFeatures(routeByKey(key), features);

  function item(key: RouteKey, icon: NavIconName | null, label: string, current: boolean, extra?: ReactNode) {
    const content = (
      <>
        {icon && <NavIcon name={icon} />}
        <span className="nav-label">{label}</span>
        {extra}
      </>
    );
    if (!enabled(key)) {
      return (
        <span className="nav-item" role="link" aria-disabled="true" title={t('featureMissing')}>
          {content}
        </span>
      );
    }
    return (
      <Link
        href={routeHref(routeByKey(key))}
        className="nav-item"
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
      >
        {content}
      </Link>
    );
  }

  return (
    <nav id={id} className="side-nav" aria-label={t('label')}>
      <CompanySwitcher me={me} />
      <Link
        href="/profile"
        className="nav-profile"
        aria-current={currentRoute === 'profile' ? 'page' : undefined}
        onClick={onNavigate}
      >
        {me.user.profilePhoto ? (
          <img src={me.user.profilePhoto} alt="" className="nav-avatar" />
        ) : (
          <span className="nav-avatar" aria-hidden="true">
            {me.user.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <span className="nav-profile-text">
          <span className="nav-profile-name">{me.user.name}</span>
          <span className="nav-profile-email">{me.user.email}</span>
        </span>
      </Link>
      <ul className="nav-list">
        {NAV_ENTRIES.map((entry) => {
          if (entry.kind === 'link') {
            if (!visible(entry.route)) return null;
            const current =
              currentRoute === entry.route ||
              (currentRoute !== undefined && (entry.activeFor ?? []).includes(currentRoute));
            const badge = entry.missionsBadge &&
              enabled(entry.route) &&
              missionsCount !== null &&
              missionsCount > 0 && (
                <span className="nav-badge" aria-label={t('activeMissions', { count: missionsCount })}>
                  {missionsCount}
                </span>
              );
            return (
              <li key={entry.route}>{item(entry.route, entry.icon, t(entry.route), current, badge || undefined)}</li>
            );
          }
          const items = entry.items.filter(visible);
          if (items.length === 0) return null;
          const first = items.find(enabled) ?? items[0];
          // One team's page belongs to the teams item.
          const groupCurrent = currentRoute === 'team' ? 'teams' : currentRoute;
          const open = groupCurrent !== undefined && entry.items.includes(groupCurrent);
          return (
            <li key={entry.id} className="nav-group" data-open={open || undefined}>
              {item(first, entry.icon, t(entry.id), false)}
              {open && (
                <ul className="nav-sublist" aria-label={t(entry.id)}>
                  {items.map((key) => (
                    <li key={key}>{item(key, null, t(key), groupCurrent === key)}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {BUILD_TIME && (
        <p className="nav-build">{t('build', { time: `${BUILD_TIME.slice(0, 16).replace('T', ' ')} UTC` })}</p>
      )}
    </nav>
  );
}
