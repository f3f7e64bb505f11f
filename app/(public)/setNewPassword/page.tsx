import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SetNewPasswordForm } from '@/components/auth/set-new-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('setNewPassword');
  return { title: t('title') };
}

export default function SetNewPasswordPage() {
  return <SetNewPasswordForm />;
}
