'use client';

import { useEffect } from 'react';
import { currentPagePath, session } from '@/lib/http/client';
import { loginPathFor } from './paths';
import { useLoggedIn } from './use-logged-in';

/**
 * For pages that need a login (spec §2 Routing rules): true when a token is stored; otherwise the page is replaced by
 * /login?redirect=<full original path> and this returns false (render nothing meanwhile).
 */
export function useRequireLogin(): boolean {
  const loggedIn = useLoggedIn();
  useEffect(() => {
    // Checked once, on arrival: a later logout or ended session navigates by itself (to /loggedOut).
    if (!session.isLoggedIn()) window.location.replace(loginPathFor(currentPagePath()));
  }, []);
  return loggedIn;
}
