'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRequireLogin } from '@/components/session/use-require-login';
import type { Me } from '@/components/session/me';
import { useProfile } from '@/components/session/profile-provider';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { roleLevel, type RoleLevel } from '@/lib/auth/roles';
import type { Role } from '@/lib/generated/prisma/enums';
import { ActiveMissionsProvider } from './active-missions';
import { matchRoute, opensFor } from './routes';
import { SideNav } from './side-nav';
import { MAIN_REGION_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { usePhoneWidth } from './use-phone-width';

const NAV_ID = 'console-navigation';

/** The user's level in the current company; without a company (or with an unknown role) the lowest. */
function levelOf(me: Me): RoleLevel {
  return (me.user.role && roleLevel(me.user.role as Role)) || 'user';
}

/**
 * The frame of every logged-in page: top bar, left navigation (a drawer on a phone) and the routing rules of spec §2 —
 * no stored token: /login?redirect=<full path>; a role below the route's minimum: /.
 */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const t = useTranslations('nav');
  const loggedIn = useRequireLogin();
  const { state, reload } = useProfile();
  const pathname = usePathname();
  const router = useRouter();
  const route = matchRoute(pathname);
  const phone = usePhoneWidth();
  const [desktopNavOpen, setDesktopNavOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navOpen = phone ? drawerOpen : desktopNavOpen;

  const me = state.status === 'loaded' ? state.me : null;
  const level = me ? levelOf(me) : null;
  const denied = route !== undefined && me !== null && level !== null && !opensFor(route, level, me.user.operator);

  useEffect(() => {
    if (denied) router.replace('/');
  }, [denied, router]);

  // The drawer closes on a new page, and on Escape with the focus back on the toggle.
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!phone || !drawerOpen) return;
    document.querySelector<HTMLElement>(`#${NAV_ID} a, #${NAV_ID} button`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [phone, drawerOpen]);

  const toggle = loggedIn && me && (
    <button
      ref={toggleRef}
      type="button"
      className="button ghost nav-toggle"
      aria-controls={NAV_ID}
      aria-expanded={navOpen}
      aria-label={navOpen ? t('closeNavigation') : t('openNavigation')}
      onClick={() => (phone ? setDrawerOpen(!drawerOpen) : setDesktopNavOpen(!desktopNavOpen))}
    >
      {phone && drawerOpen ? <CloseIcon size={22} strokeWidth={1.9} /> : <MenuIcon size={22} strokeWidth={1.9} />}
    </button>
  );

  // A route with a minimum role (or for operators) waits for the profile, so that nobody sees a screen above their level.
  let content: ReactNode = children;
  if (!loggedIn || denied) content = null;
  else if ((route?.minRole || route?.operatorOnly) && state.status === 'loading')
    content = <Loading label={t('loading')} className="console-status" />;
  else if ((route?.minRole || route?.operatorOnly) && state.status === 'failed')
    content = <LoadFailed message={t('loadFailed')} onRetry={reload} className="console-status" />;

  return (
    <ActiveMissionsProvider me={me}>
      <SkipLink />
      <TopBar start={toggle} />
      <div className="console" data-nav={me && navOpen ? 'open' : 'closed'}>
        {loggedIn && me && navOpen && (
          <>
            <SideNav
              id={NAV_ID}
              me={me}
              level={levelOf(me)}
              currentRoute={route?.key}
              onNavigate={() => setDrawerOpen(false)}
            />
            {phone && <div className="nav-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
          </>
        )}
        {/* While the phone drawer is open the page behind it takes no focus or clicks (the drawer keeps them). */}
        <div id={MAIN_REGION_ID} className="console-main" inert={phone && drawerOpen ? true : undefined}>
          {content}
        </div>
      </div>
    </ActiveMissionsProvider>
  );
}
