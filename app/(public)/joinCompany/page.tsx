import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { JoinCompany } from '@/components/auth/join-company';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('joinCompany');
  return { title: t('title') };
}

export default async function JoinCompanyPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <JoinCompany token={typeof token === 'string' ? token : ''} />;
}
