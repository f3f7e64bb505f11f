import { ApiCallError } from '@/lib/http/client';

/** The error dialog's title and message for a failed login call, chosen by the answer's code (spec §8; login namespace). */
export function loginErrorText(error: unknown): {
  title: string;
  message: string;
  values?: Record<string, number>;
  /** The message says all the server said: the dialog shows it once, without repeating the server's text. */
  explained: boolean;
} {
  const code = error instanceof ApiCallError ? error.code : undefined;
  switch (code) {
    // `throttled`: too many failed logins from the client's address (lib/throttle), the same wait said the same way.
    case 'loginBanned':
    case 'throttled': {
      const minutes = error instanceof ApiCallError ? Number(error.body?.minutesRemaining) : NaN;
      return {
        title: 'bannedTitle',
        message: 'bannedMessage',
        values: { minutes: Number.isFinite(minutes) && minutes > 0 ? Math.ceil(minutes) : 1 },
        explained: true,
      };
    }
    case 'invalidCredentials':
    case 'invalidOtp':
    case 'emailNotConfirmed':
    case 'accountDeactivated':
    case 'loginTicketExpired':
      return { title: 'errorTitle', message: code, explained: true };
    default:
      return { title: 'errorTitle', message: 'genericError', explained: false };
  }
}
