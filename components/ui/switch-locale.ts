import { api, ApiCallError, session } from '@/lib/http/client';
import type { Locale } from '@/lib/i18n/locales';
import { rememberLocale } from '@/lib/i18n/remember-locale';

/**
 * Chooses the interface language (spec §2 Language): remembered in the browser and, when logged in, on the account
 * too (PUT /api/me/locale: e-mails go out in the user's language; a failure there does not block the switch).
 * Reloads the page unless told not to.
 */
export async function switchLocale(locale: Locale, { reload = true }: { reload?: boolean } = {}): Promise<void> {
  rememberLocale(locale);
  if (session.isLoggedIn()) {
    try {
      await api.put('/api/me/locale', { locale });
    } catch (error) {
      if (error instanceof ApiCallError && error.sessionEnded) return; // already on the way to /loggedOut
    }
  }
  if (reload) window.location.reload();
}
