'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { HTML_LANG, isLocale, LOCALES } from '@/lib/i18n/locales';
import { switchLocale } from '@/lib/i18n/switch-locale';

/** A select of the five languages, each named in its own language; choosing one reloads the page in it. */
export function LanguageSwitcher() {
  const t = useTranslations('language');
  const current = useLocale();
  const [switching, setSwitching] = useState(false);
  return (
    <label className="language-switcher">
      <span className="sr-only">{t('label')}</span>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" />
        <path d="M2.5 12h19M12 2.5c2.5 2.6 3.8 5.8 3.8 9.5s-1.3 6.9-3.8 9.5c-2.5-2.6-3.8-5.8-3.8-9.5S9.5 5.1 12 2.5Z" />
      </svg>
      <select
        value={current}
        disabled={switching}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen) || chosen === current) return;
          setSwitching(true);
          void switchLocale(chosen);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={HTML_LANG[locale]}>
            {t(`names.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
