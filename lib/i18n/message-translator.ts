import { createTranslator } from 'next-intl';
import { loadMessages } from './load-messages';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, type Locale } from './locales';

/** A translator over loaded (untyped) messages: keys are built at run time, so a missing one throws instead of printing the key. */
export type Translate = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/** Texts sent to a person (e-mail, SMS) in their language; an unknown locale falls back to en-us. */
export async function messageTranslator(
  locale: string,
  namespace: string,
): Promise<{ language: Locale; t: Translate }> {
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const t = createTranslator({
    locale: HTML_LANG[language],
    messages: await loadMessages(language),
    namespace,
    onError: (error) => {
      throw error;
    },
  }) as unknown as Translate;
  return { language, t };
}
