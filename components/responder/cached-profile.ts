import type { Me } from '@/components/session/me';

// The profile as last read, so that the responder opens without a network (it shows who is signed in and where).

const PROFILE_KEY = 'tocsin.responder.profile';

export function cachedProfile(): Me | null {
  try {
    const stored = window.localStorage.getItem(PROFILE_KEY);
    return stored ? (JSON.parse(stored) as Me) : null;
  } catch {
    return null;
  }
}

export function cacheProfile(me: Me | null): void {
  try {
    if (me) window.localStorage.setItem(PROFILE_KEY, JSON.stringify(me));
    else window.localStorage.removeItem(PROFILE_KEY);
  } catch {
    // storage blocked
  }
}
