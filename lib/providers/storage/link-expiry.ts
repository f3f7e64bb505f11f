const WINDOW_SECONDS = 5 * 60;

/**
 * Download links are signed for a 5-minute window rather than the exact second, so the same file gets the same URL
 * for a while and browsers can cache it (a profile photo is not fetched again on every page load). A link is valid
 * at least `expiresInSeconds` from `now`, at most 5 minutes more.
 */
export function downloadLinkWindow(now: Date, expiresInSeconds: number): { signedAt: number; expiresAt: number } {
  const signedAt = Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  return { signedAt, expiresAt: signedAt + WINDOW_SECONDS + expiresInSeconds };
}
