import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoggedOut } from '@/components/auth/logged-out';
import { safeRedirectPath } from '@/components/session/paths';
import { isSessionEndReason } from '@/lib/auth/session-end-reason';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('loggedOut');
  return { title: t('title') };
}

export default async function LoggedOutPage({
  searchParams,
}: {
  searchParams: Promise<{ reason?: string | string[]; redirect?: string | string[] }>;
}) {
  const { reason, redirect } = await searchParams;
  return <LoggedOut reason={isSessionEndReason(reason) ? reason : null} returnTo={safeRedirectPath(redirect)} />;
}
