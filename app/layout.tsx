import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSync } from '@/components/layout/locale-sync';
import { ChunkFailureWatcher } from '@/components/ui/chunk-failure-watcher';
import { DialogsProvider } from '@/components/ui/dialogs';
import { ToastProvider } from '@/components/ui/toasts';
import { HTML_LANG, isLocale, DEFAULT_LOCALE } from '@/lib/i18n/locales';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  // Page titles are "<route title> - Tocsin" (spec §2).
  return { title: { template: `%s - ${t('productName')}`, default: t('productName') }, icons: { icon: '/icon.svg' } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#b42318' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={HTML_LANG[isLocale(locale) ? locale : DEFAULT_LOCALE]}>
      <body>
        <NextIntlClientProvider>
          <LocaleSync />
          <ToastProvider>
            <DialogsProvider>
              <ChunkFailureWatcher />
              {children}
            </DialogsProvider>
          </ToastProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
