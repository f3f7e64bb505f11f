import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignupForm } from '@/components/signup/signup-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('signup');
  return { title: t('title') };
}

export default function SignupPage() {
  return <SignupForm />;
}
