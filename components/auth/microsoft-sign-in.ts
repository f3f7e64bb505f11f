// Sign in with Microsoft in the browser: the login page's notes about it, and the state of the sign-in this browser
// started, so that the return page completes only a sign-in begun here (a link carrying someone else's code and state,
// sent to a victim, must not log the victim in as that someone).

import { HOME_PATH } from '@/components/session/paths';

const STATE_KEY = 'tocsin.microsoftSignInState';

/** Why the login page was opened from a sign-in with Microsoft: a server code, or what the browser itself saw. */
export const MICROSOFT_NOTICES = [
  'unavailable',
  'cancelled',
  'notStartedHere',
  'microsoftSignInExpired',
  'microsoftSignInFailed',
  'microsoftSignInDisabled',
  'microsoftWrongTenant',
  'microsoftEmailUnverified',
  'microsoftNotMember',
  'loginBanned',
  'failed',
] as const;
export type MicrosoftNotice = (typeof MICROSOFT_NOTICES)[number];

export function microsoftNoticeOf(value: unknown): MicrosoftNotice | undefined {
  return MICROSOFT_NOTICES.find((notice) => notice === value);
}

/** The login page saying `notice`, leading on to `redirectTo` (the console's home when not said). */
export function microsoftNoticePath(notice: MicrosoftNotice, redirectTo: string = HOME_PATH): string {
  const query = new URLSearchParams({ microsoftSignIn: notice });
  if (redirectTo !== HOME_PATH) query.set('redirect', redirectTo);
  return `/login?${query.toString()}`;
}

/**
 * Keeps the state of the authorize address this browser is about to open (none for the neutral note), and the page
 * the login leads to, which also says whether the session is the console's or the responder's.
 */
export function rememberMicrosoftState(url: string, redirectTo: string): void {
  const state = new URL(url, window.location.href).searchParams.get('state');
  if (state) window.sessionStorage.setItem(STATE_KEY, JSON.stringify({ state, redirectTo }));
}

/**
 * The page to go on to when this browser started the sign-in that came back with `state`; null when it did not. The
 * state is forgotten either way.
 */
export function takeOwnMicrosoftState(state: string): { redirectTo: string } | null {
  const stored = window.sessionStorage.getItem(STATE_KEY);
  window.sessionStorage.removeItem(STATE_KEY);
  try {
    const own: unknown = stored === null ? null : JSON.parse(stored);
    if (!own || typeof own !== 'object' || !('state' in own) || own.state !== state) return null;
    return { redirectTo: 'redirectTo' in own && typeof own.redirectTo === 'string' ? own.redirectTo : '' };
  } catch {
    return null;
  }
}

const TICKET_KEY = 'tocsin.microsoftLoginTicket';

/** A sign-in with Microsoft of a person with 2FA on goes on at the login page's one-time-code step with this ticket. */
export function keepMicrosoftLoginTicket(ticket: string): void {
  window.sessionStorage.setItem(TICKET_KEY, ticket);
}

/** The ticket kept by keepMicrosoftLoginTicket, once. */
export function takeMicrosoftLoginTicket(): string | null {
  const ticket = window.sessionStorage.getItem(TICKET_KEY);
  window.sessionStorage.removeItem(TICKET_KEY);
  return ticket;
}
