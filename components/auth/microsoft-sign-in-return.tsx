'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { safeRedirectPath } from '@/components/session/paths';
import { AuthCard } from '@/components/ui/card';
import { Loading } from '@/components/ui/load-states';
import { ApiCallError, isResponderPath, sessionIn } from '@/lib/http/client';
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
    const own = state !== undefined ? takeOwnMicrosoftState(state) : null;
    const redirectTo = safeRedirectPath(own?.redirectTo);
    if (error) return router.replace(microsoftNoticePath('cancelled', redirectTo));
    if (!code || !state || !own) return router.replace(microsoftNoticePath('notStartedHere'));
    // Started from the responder's login: the responder's own, long session (a device's), in its own storage.
    const forResponder = isResponderPath(redirectTo);
    authApi.finishMicrosoftSignIn({ code, state, sessionKind: forResponder ? 'device' : 'console' }).then(
      (answer) => {
        if ('totpRequired' in answer) {
          keepMicrosoftLoginTicket(answer.loginTicket);
          return router.replace(`/login?${new URLSearchParams({ redirect: redirectTo }).toString()}`);
        }
        sessionIn(forResponder ? 'responder' : 'console').start(answer.token, answer.customerId);
        router.replace(redirectTo);
      },
      (failure: unknown) => {
        const notice = failure instanceof ApiCallError ? microsoftNoticeOf(failure.code) : undefined;
        router.replace(microsoftNoticePath(notice ?? 'failed', redirectTo));
      },
    );
  }, [code, state, error, router]);

  return (
    <AuthCard title={t('returnHeading')}>
      <Loading label={t('returnBusy')} />
    </AuthCard>
  );
}
