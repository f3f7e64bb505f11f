// Sign in with Microsoft in the browser: the login page's notes about it, and the state of the sign-in this browser
// started, so that the return page completes only a sign-in begun here (a link carrying someone else's code and state,
// sent to a victim, must not log the victim in as that someone).

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

/** The login page saying `notice`. */
export const microsoftNoticePath = (notice: MicrosoftNotice) => `/login?microsoftSignIn=${notice}`;

/** Keeps the state of the authorize address this browser is about to open (none for the neutral note). */
export function rememberMicrosoftState(url: string): void {
  const state = new URL(url, window.location.href).searchParams.get('state');
  if (state) window.sessionStorage.setItem(STATE_KEY, state);
}

/** Whether this browser started the sign-in that came back with `state`; it is forgotten either way. */
export function takeOwnMicrosoftState(state: string): boolean {
  const own = window.sessionStorage.getItem(STATE_KEY);
  window.sessionStorage.removeItem(STATE_KEY);
  return own !== null && own === state;
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
