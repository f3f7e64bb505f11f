'use client';

import { useSyncExternalStore } from 'react';

/** Below this width the navigation is a drawer behind the toggle (keep in step with app/globals.css). */
const PHONE_QUERY = '(max-width: 60rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
