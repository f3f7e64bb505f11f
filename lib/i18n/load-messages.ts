import type { AbstractIntlMessages } from 'next-intl';
import { DEFAULT_LOCALE, type Locale } from './locales';

type Messages = { [key: string]: string | Messages };

function deepMerge(base: Messages, override: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

/** The locale's messages over en-us, so a missing translation falls back to English (then to the key itself). */
export async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  const base = (await import('@/messages/en-us.json')).default as Messages;
  if (locale === DEFAULT_LOCALE) return base;
  const own = (await import(`@/messages/${locale}.json`)).default as Messages;
  return deepMerge(base, own);
}
