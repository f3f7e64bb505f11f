'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { LogoutButton } from '@/components/session/logout-button';
import { useLoggedIn } from '@/components/session/use-logged-in';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { Logo } from '@/components/ui/logo';

/** The top bar (spec §2 Navigation): logo link to /, language switcher, and the logout button when logged in. */
export function TopBar({
  start,
}: {
  /** Before the logo: the navigation toggle (console shell). */ start?: ReactNode;
}) {
  const loggedIn = useLoggedIn();
  return (
    <header className="top-bar">
      <div className="top-bar-start">
        {start}
        <Link href="/" className="logo-link">
          <Logo />
        </Link>
      </div>
      <div className="top-bar-end">
        <LanguageSwitcher />
        {loggedIn && <LogoutButton />}
      </div>
    </header>
  );
}
