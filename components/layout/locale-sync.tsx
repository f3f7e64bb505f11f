'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { isLocale, DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { syncRememberedLocale } from '@/lib/i18n/remember-locale';

/** Keeps the remembered language (cookie and local storage) in step once per page load; see syncRememberedLocale. */
export function LocaleSync() {
  const locale = useLocale();
  // Runs once per page load in practice: switching the language reloads the page.
  useEffect(() => {
    if (syncRememberedLocale(isLocale(locale) ? locale : DEFAULT_LOCALE)) window.location.reload();
  }, [locale]);
  return null;
}
