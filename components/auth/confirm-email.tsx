'use client';

import { useTranslations } from 'next-intl';
import { authApi } from './auth-api';
import { ResetPasswordForm } from './reset-password-form';
import { EmailedLinkLoading, useEmailedLink } from './use-emailed-link';

/**
 * /confirmEmail, the invitation link of a member added to a company (spec: "confirm user e-mail"): welcomes the person
 * to the company and lets them choose a password, which confirms their e-mail address. The password step is the reset
 * link's form with the welcome's words; the link itself is the same kind of one-time token.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const t = useTranslations('confirmEmail');
  const { state, retry } = useEmailedLink(token, authApi.readInvitation, 'confirmEmail');

  // No token: the reset form's "incomplete link" card.
  if (!token || state.status === 'expired') return <ResetPasswordForm token={token} expiredAtStart={!!token} />;
  if (state.status !== 'loaded') {
    return (
      <EmailedLinkLoading
        title={t('heading')}
        namespace="confirmEmail"
        failed={state.status === 'failed'}
        onRetry={retry}
      />
    );
  }

  const { name, email, companyName } = state.value;
  return (
    <ResetPasswordForm
      token={token}
      email={email}
      texts={{
        heading: companyName ? t('welcome', { company: companyName }) : t('heading'),
        intro: t.rich('intro', { name, email, strong: (chunks) => <strong>{chunks}</strong> }),
        password: t('password'),
        repeat: t('repeat'),
        submit: t('submit'),
        doneHeading: t('doneHeading'),
        done: t('done'),
      }}
    />
  );
}
