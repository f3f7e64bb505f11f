/** Where login goes without a redirect query: the dashboard. */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const LOGGED_OUT_PATH = '/loggedOut';

/** A `redirect` query value if it is a path on this site ("/..." but not "//host" or "/\host"), else HOME_PATH. */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return HOME_PATH;
  return value;
}

/** /login with the full original path (path, query and fragment) to come back to. */
export function loginPathFor(originalPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(originalPath)}`;
}
