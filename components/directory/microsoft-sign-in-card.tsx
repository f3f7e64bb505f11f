'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ENTRA_ID_PATTERN } from '@/lib/microsoft-sign-in/entra-id';
import { CopyButton } from '@/components/ui/copy-button';
import { useDialogs } from '@/components/ui/dialogs';
import { CheckboxField, SubmitButton, TextField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { PublicUrlWarning } from '@/components/ui/public-url-warning';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { microsoftSignInApi, microsoftSignInQuery, type MicrosoftSignInSettings } from './microsoft-sign-in-api';
import directoryStyles from './directory.module.css';
import styles from './microsoft-sign-in.module.css';

/** Sign in with Microsoft (issue 20; admins): the Entra tenant, the app registered there, and the switch. */
export function MicrosoftSignInCard() {
  const t = useTranslations('microsoftSignIn.card');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(
    microsoftSignInQuery,
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  return (
    <SectionCard id="microsoft-sign-in" title={t('heading')} intro={t('intro')}>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' && <MicrosoftSignInForm settings={state.data} onSaved={setData} />}
    </SectionCard>
  );
}

function MicrosoftSignInForm({
  settings,
  onSaved,
}: {
  settings: MicrosoftSignInSettings;
  onSaved: (settings: MicrosoftSignInSettings) => void;
}) {
  const t = useTranslations('microsoftSignIn.card');
  const dialogs = useDialogs();
  const toast = useToast();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [tenantId, setTenantId] = useState(settings.tenantId ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);

  const guidError = (value: string, label: string) =>
    !value.trim()
      ? enabled
        ? t('required', { field: label })
        : undefined
      : ENTRA_ID_PATTERN.test(value.trim())
        ? undefined
        : t('notGuid', { field: label });
  const errors = attempted
    ? {
        tenantId: guidError(tenantId, t('tenantId')),
        clientId: guidError(clientId, t('clientId')),
        clientSecret:
          enabled && !settings.clientSecretSet && !clientSecret.trim()
            ? t('required', { field: t('clientSecret') })
            : undefined,
      }
    : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const invalid =
      guidError(tenantId, t('tenantId')) ||
      guidError(clientId, t('clientId')) ||
      (enabled && !settings.clientSecretSet && !clientSecret.trim());
    if (invalid) return;
    setSaving(true);
    try {
      const saved = await microsoftSignInApi.save({
        enabled,
        tenantId: tenantId.trim() || null,
        clientId: clientId.trim() || null,
        ...(clientSecret.trim() ? { clientSecret: clientSecret.trim() } : {}),
      });
      setClientSecret('');
      setAttempted(false);
      onSaved(saved);
      toast(t('saved'));
    } catch (failure) {
      await dialogs.error(t('saveErrorTitle'), t('saveErrorMessage'), failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div>
        <p className="muted">{t('redirectUri')}</p>
        <div className={directoryStyles.secretRow}>
          <code className="copy-value" data-testid="microsoft-redirect-uri">
            {settings.redirectUri}
          </code>
          <CopyButton
            value={settings.redirectUri}
            label={t('copyRedirectUri')}
            texts={{ copy: t('copy'), copied: t('copied'), failed: t('copyFailed') }}
          />
        </div>
        <PublicUrlWarning problem={settings.publicUrlProblem} />
      </div>
      <TextField
        label={t('tenantId')}
        name="tenantId"
        value={tenantId}
        onChange={setTenantId}
        hint={t('tenantIdHint')}
        error={errors.tenantId}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label={t('clientId')}
        name="clientId"
        value={clientId}
        onChange={setClientId}
        hint={t('clientIdHint')}
        error={errors.clientId}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label={t('clientSecret')}
        name="clientSecret"
        type="password"
        value={clientSecret}
        onChange={setClientSecret}
        hint={settings.clientSecretSet ? t('clientSecretSet') : t('clientSecretNotSet')}
        error={errors.clientSecret}
        autoComplete="new-password"
      />
      <p className="muted">{t('claimsHint')}</p>
      <CheckboxField label={t('enabled')} name="enabled" checked={enabled} onChange={setEnabled} />
      <div className={styles.actions}>
        <SubmitButton busy={saving}>{t('save')}</SubmitButton>
      </div>
    </form>
  );
}
