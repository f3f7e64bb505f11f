/**
 * Why a session ended, as the 440 answer names it (`reason`) and /loggedOut explains it. Stored revocation reasons
 * (Session.revokedReason) map onto these; anything else is `ended`.
 */
export const SESSION_END_REASONS = [
  'idle',
  'lifetime',
  'loggedOut',
  'passwordChanged',
  'twoFactorChanged',
  'removedFromCompany',
  'ended',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

const REVOCATION_REASONS: Record<string, SessionEndReason> = {
  logout: 'loggedOut',
  passwordChanged: 'passwordChanged',
  twoFactorChanged: 'twoFactorChanged',
  removedFromCompany: 'removedFromCompany',
};

export function sessionEndReason(revokedReason: string | null): SessionEndReason {
  return (revokedReason && REVOCATION_REASONS[revokedReason]) || 'ended';
}

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
}
