import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoggedOut } from '@/components/auth/logged-out';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('loggedOut');
  return { title: t('title') };
}

export default function LoggedOutPage() {
  return <LoggedOut />;
}
