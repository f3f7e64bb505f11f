import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConfirmEmail } from '@/components/auth/confirm-email';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('confirmEmail');
  return { title: t('title') };
}

export default async function ConfirmEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <ConfirmEmail token={typeof token === 'string' ? token : ''} />;
}
