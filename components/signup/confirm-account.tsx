'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { CheckIcon } from '@/components/ui/icons';
import { Loading } from '@/components/ui/load-states';
import { ApiCallError } from '@/lib/http/client';
import { signupApi, type Activated } from './signup-api';
import styles from './signup.module.css';

type State = { step: 'activating' } | { step: 'active'; account: Activated } | { step: 'failed' };

/** Opens the sign-up confirmation link: activates the account and its company once, then offers the log-in. */
export function ConfirmAccount({ token }: { token: string | null }) {
  const t = useTranslations('confirmAdmin');
  const dialogs = useDialogs();
  const [state, setState] = useState<State>({ step: 'activating' });
  // The link is single-use, and strict mode runs effects twice in development: call once per mounted page.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (expired: boolean, error: unknown) => {
      setState({ step: 'failed' });
      void dialogs.error(
        t(expired ? 'linkExpiredTitle' : 'errorTitle'),
        t(expired ? 'linkExpiredMessage' : 'errorMessage'),
        error,
      );
    };
    if (!token) {
      fail(true, t('missingToken'));
      return;
    }
    signupApi.activate(token).then(
      (account) => setState({ step: 'active', account }),
      (error: unknown) => fail(error instanceof ApiCallError && error.code === 'linkExpired', error),
    );
  }, [token, dialogs, t]);

  if (state.step === 'activating') {
    return (
      <AuthCard title={t('activating')}>
        <Loading label={t('pleaseWait')} className={styles.progress} />
      </AuthCard>
    );
  }

  if (state.step === 'failed') {
    return (
      <AuthCard title={t('failedHeading')} description={t('failedMessage')}>
        <div className={styles.actions}>
          <Link href="/login" className="button primary block">
            {t('login')}
          </Link>
          <Link href="/signup" className="button block">
            {t('signupAgain')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const { account } = state;
  return (
    <AuthCard
      title={
        // No company: it was closed before the link was used; the account is active all the same.
        account.customerName === null ? t('accountActiveHeading') : t('activeHeading', { name: account.customerName })
      }
    >
      <div className={styles.sent}>
        <span className={`${styles.sentIcon} ${styles.success}`} aria-hidden="true">
          <CheckIcon size={28} strokeWidth={2.2} />
        </span>
        <p>{t.rich('loginHint', { email: account.email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      </div>
      <Link href={`/login?email=${encodeURIComponent(account.email)}`} className="button primary block">
        {t('login')}
      </Link>
    </AuthCard>
  );
}
