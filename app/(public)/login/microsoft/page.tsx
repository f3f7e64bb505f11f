import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MicrosoftSignInReturn } from '@/components/auth/microsoft-sign-in-return';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('microsoftSignIn');
  return { title: t('returnHeading') };
}

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export default async function MicrosoftSignInPage({
  searchParams,
}: {
  searchParams: Promise<{ code?: string | string[]; state?: string | string[]; error?: string | string[] }>;
}) {
  const { code, state, error } = await searchParams;
  return <MicrosoftSignInReturn code={text(code)} state={text(state)} error={text(error)} />;
}
