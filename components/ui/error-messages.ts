import { ApiCallError, CLIENT_ERRORS, type ClientErrorCode } from '@/lib/http/client';

/** Answers whose reason the interface says itself, in the person's language. */
const TRANSLATED_SERVER_CODES = ['throttled', 'loginBanned', 'companySuspended'];

const isClientErrorCode = (code: string | undefined): code is ClientErrorCode =>
  code !== undefined && code in CLIENT_ERRORS;

/**
 * The list under "Errors:" in the error dialog: the server's messages, the translated text of the client's own
 * errors (no answer, empty answer), or the stringified error. Null when the error ended the session: the browser is
 * on its way to /loggedOut and no dialog should show.
 */
export function errorMessages(
  error: unknown,
  translate: (key: string, values?: Record<string, string>) => string,
): string[] | null {
  if (error instanceof ApiCallError) {
    if (error.sessionEnded) return null;
    // An unexpected server failure: where a self-hosting admin finds it (the reference is the request id in the log).
    if (error.code === 'serverError' && typeof error.body?.reference === 'string')
      return [translate('apiClient.serverError', { reference: error.body.reference })];
    // A throttle's or the login ban's 429 (a wrong current password or 2FA code counts too), or a company the install's
    // operators suspended (issue 35): the server's text is English, so the interface says it in the user's language.
    if (error.code && TRANSLATED_SERVER_CODES.includes(error.code)) return [translate(`apiClient.${error.code}`)];
    return isClientErrorCode(error.code) ? [translate(`apiClient.${error.code}`)] : error.messages;
  }
  if (error instanceof Error) return [error.message];
  return [typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))];
}
