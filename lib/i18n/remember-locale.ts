import { isLocale, LOCALE_COOKIE, type Locale } from './locales';

// The browser remembers the language twice: in local storage (spec §2 Language) and in a cookie the server reads for
// the first render (lib/i18n/request.ts). These keep the two in step.

export const LOCALE_STORAGE_KEY = 'tocsin.locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

function cookieLocale(): Locale | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  const value = match?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(value) ? value : null;
}

function storedLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLocale(locale: Locale): void {
  document.cookie = localeCookie(locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage blocked: the cookie alone still works
  }
}

/**
 * Run once per page load. The cookie, when present, is the latest choice (the switcher writes both; ?lang= writes the
 * cookie in proxy.ts), so local storage follows it. Without the cookie, a language remembered in local storage is
 * restored: returns true when the page must reload to show it.
 */
export function syncRememberedLocale(rendered: Locale): boolean {
  const fromCookie = cookieLocale();
  const stored = storedLocale();
  if (fromCookie) {
    if (stored !== fromCookie) rememberLocale(fromCookie);
    return false;
  }
  rememberLocale(stored ?? rendered);
  return stored !== null && stored !== rendered;
}
