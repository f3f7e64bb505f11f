'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { AuthCard } from '@/components/ui/card';
import { HOME_PATH, LOGIN_PATH, loginPathFor } from '@/components/session/paths';
import type { SessionEndReason } from '@/lib/auth/session-end-reason';
import { session } from '@/lib/http/client';

/**
 * "You have been logged out", why (the reason the server gave), and a way back to the page the person was on. True to
 * its word: whatever led here, the stored session is forgotten.
 */
export function LoggedOut({ reason, returnTo }: { reason: SessionEndReason | null; returnTo: string }) {
  const t = useTranslations('loggedOut');
  useEffect(() => session.clear(), []);
  return (
    <AuthCard title={t(reason === 'loggedOut' ? 'headingLoggedOut' : 'heading')}>
      <p className="muted" data-reason={reason ?? 'unknown'}>
        {t(`reasons.${reason ?? 'unknown'}`)}
      </p>
      <Link href={returnTo === HOME_PATH ? LOGIN_PATH : loginPathFor(returnTo)} className="button primary block">
        {t('login')}
      </Link>
    </AuthCard>
  );
}
