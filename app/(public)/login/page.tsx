import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/auth/login-form';
import { microsoftNoticeOf } from '@/components/auth/microsoft-sign-in';
import { safeRedirectPath } from '@/components/session/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('title') };
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{
    redirect?: string | string[];
    email?: string | string[];
    microsoftSignIn?: string | string[];
  }>;
}) {
  const { redirect, email, microsoftSignIn } = await searchParams;
  return (
    <LoginForm
      redirectTo={safeRedirectPath(redirect)}
      initialEmail={typeof email === 'string' ? email : ''}
      microsoftNotice={microsoftNoticeOf(microsoftSignIn)}
    />
  );
}
