'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { HOME_PATH } from '@/components/session/paths';
import { AuthCard } from '@/components/ui/card';
import { Loading } from '@/components/ui/load-states';
import { ApiCallError, session } from '@/lib/http/client';
import { authApi } from './auth-api';
import {
  keepMicrosoftLoginTicket,
  microsoftNoticeOf,
  microsoftNoticePath,
  takeOwnMicrosoftState,
} from './microsoft-sign-in';

/**
 * /login/microsoft, the redirect URI: Microsoft's answer exchanged for a session, then the console like after a
 * password login. Whatever goes wrong ends on the login page with its note.
 */
export function MicrosoftSignInReturn({ code, state, error }: { code?: string; state?: string; error?: string }) {
  const t = useTranslations('microsoftSignIn');
  const router = useRouter();
  const started = useRef(false);

  useEffect(() => {
    // Once: the state is single-use, and development mode runs effects twice.
    if (started.current) return;
    started.current = true;
    const own = state !== undefined && takeOwnMicrosoftState(state);
    if (error) return router.replace(microsoftNoticePath('cancelled'));
    if (!code || !state || !own) return router.replace(microsoftNoticePath('notStartedHere'));
    authApi.finishMicrosoftSignIn({ code, state }).then(
      (answer) => {
        if ('totpRequired' in answer) {
          keepMicrosoftLoginTicket(answer.loginTicket);
          return router.replace('/login');
        }
        session.start(answer.token, answer.customerId);
        router.replace(HOME_PATH);
      },
      (failure: unknown) => {
        const notice = failure instanceof ApiCallError ? microsoftNoticeOf(failure.code) : undefined;
        router.replace(microsoftNoticePath(notice ?? 'failed'));
      },
    );
  }, [code, state, error, router]);

  return (
    <AuthCard title={t('returnHeading')}>
      <Loading label={t('returnBusy')} />
    </AuthCard>
  );
}
