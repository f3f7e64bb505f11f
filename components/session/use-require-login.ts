'use client';

import { useEffect } from 'react';
import { currentPagePath, session, sessionEndedPath } from '@/lib/http/client';
import { loginPathFor } from './paths';
import { useLoggedIn } from './use-logged-in';

/**
 * For pages that need a login (spec §2 Routing rules): true when a token is stored; otherwise the page is replaced by
 * /login?redirect=<full original path> and this returns false (render nothing meanwhile). When the server ended the
 * session and the page was reloaded before it could move to /loggedOut, it goes there instead, saying why.
 */
export function useRequireLogin(): boolean {
  const loggedIn = useLoggedIn();
  useEffect(() => {
    // Checked once, on arrival: a later logout or ended session navigates by itself (to /loggedOut).
    if (session.isLoggedIn()) return;
    const ended = session.takeEnd();
    const here = currentPagePath();
    window.location.replace(ended ? sessionEndedPath(ended.reason, here) : loginPathFor(here));
  }, []);
  return loggedIn;
}
