export const LOCALES = ['en-us', 'es-es', 'no-nb', 'da-dk', 'sv-se'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';
/** Remembered choice, readable by the server for the first render (the browser also keeps it in local storage). */
export const LOCALE_COOKIE = 'tocsin-locale';

/** The BCP 47 tag browsers and Intl understand (no-nb → nb-NO). */
export const HTML_LANG: Record<Locale, string> = {
  'en-us': 'en-US',
  'es-es': 'es-ES',
  'no-nb': 'nb-NO',
  'da-dk': 'da-DK',
  'sv-se': 'sv-SE',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
