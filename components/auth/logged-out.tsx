'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { AuthCard } from '@/components/ui/card';
import { LOGIN_PATH } from '@/components/session/paths';
import { session } from '@/lib/http/client';

/** "You have been logged out", and true to its word: whatever led here, the stored session is forgotten. */
export function LoggedOut() {
  const t = useTranslations('loggedOut');
  useEffect(() => session.clear(), []);
  return (
    <AuthCard title={t('heading')}>
      <p className="muted">{t('message')}</p>
      <Link href={LOGIN_PATH} className="button primary block">
        {t('login')}
      </Link>
    </AuthCard>
  );
}
