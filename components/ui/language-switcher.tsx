'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { HTML_LANG, isLocale, LOCALES } from '@/lib/i18n/locales';
import { switchLocale } from '@/components/ui/switch-locale';
import { GlobeIcon } from './icons';

/** A select of the five languages, each named in its own language; choosing one reloads the page in it. */
export function LanguageSwitcher() {
  const t = useTranslations('language');
  const current = useLocale();
  const [switching, setSwitching] = useState(false);
  return (
    <label className="language-switcher">
      <span className="sr-only">{t('label')}</span>
      <GlobeIcon strokeWidth={1.8} />
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
