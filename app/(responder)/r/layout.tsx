import type { Metadata, Viewport } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ResponderShell } from '@/components/responder/responder-shell';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('responder');
  return {
    title: { template: `%s - ${t('appName')}`, default: t('appName') },
    manifest: '/manifest.webmanifest',
    appleWebApp: { capable: true, title: t('appName'), statusBarStyle: 'black-translucent' },
    icons: { icon: '/icon.svg', apple: '/icons/apple-touch-icon-180.png' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#b42318' },
    { media: '(prefers-color-scheme: dark)', color: '#101828' },
  ],
};

export default function ResponderLayout({ children }: { children: ReactNode }) {
  return <ResponderShell>{children}</ResponderShell>;
}
