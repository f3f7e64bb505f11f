import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConfirmAccount } from '@/components/signup/confirm-account';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('confirmAdmin');
  return { title: t('title') };
}

export default async function ConfirmAdminPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <ConfirmAccount token={typeof token === 'string' && token ? token : null} />;
}
