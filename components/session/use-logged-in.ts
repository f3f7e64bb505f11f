'use client';

import { useSyncExternalStore } from 'react';
import { session } from '@/lib/http/client';

/** Whether a token is stored, kept current when this or another tab logs in or out. False while rendering on the server. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn, () => false);
}
