'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { SelectField, SubmitButton, TextField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { SignUpPolicy } from '@/lib/generated/prisma/enums';
import { instanceSettingsQuery, operatorApi, type InstanceSettings } from './operator-api';
import { PlanFields, seatsOf } from './plan-fields';
import styles from './operator.module.css';

/** Who may sign up a company here, and the plan, seats and features a new company starts with. */
export function InstanceSettingsSection() {
  const t = useTranslations('operator.settings');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(
    instanceSettingsQuery,
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  return (
    <SectionCard id="instance-settings" title={t('heading')} intro={t('intro')}>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' && <SettingsForm stored={state.data} onSaved={setData} />}
    </SectionCard>
  );
}

function SettingsForm({ stored, onSaved }: { stored: InstanceSettings; onSaved: (saved: InstanceSettings) => void }) {
  const t = useTranslations('operator.settings');
  const tOperator = useTranslations('operator');
  const dialogs = useDialogs();
  const toast = useToast();
  const [policy, setPolicy] = useState(stored.signUpPolicy);
  const [domains, setDomains] = useState(stored.signUpDomains.join(', '));
  const [plan, setPlan] = useState(stored.newCompanyPlan);
  const [seats, setSeats] = useState(String(stored.newCompanySeats));
  const [features, setFeatures] = useState(stored.newCompanyFeatures);
  const [saving, setSaving] = useState(false);
  const domainList = domains
    .split(/[\s,;]+/)
    .map((domain) => domain.replace(/^@/, '').trim())
    .filter(Boolean);
  const seatCount = seatsOf(seats);
  const seatsError = seatCount === null || seatCount < 1 ? tOperator('seatsInvalid') : null;
  const domainsError = policy === 'domains' && domainList.length === 0 ? t('domainsMissing') : null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (seatsError || domainsError || seatCount === null) return;
    setSaving(true);
    try {
      const saved = await operatorApi.saveSettings({
        signUpPolicy: policy,
        signUpDomains: policy === 'domains' ? domainList : [],
        newCompanyPlan: plan,
        newCompanySeats: seatCount,
        newCompanyFeatures: features,
      });
      onSaved(saved);
      setDomains(saved.signUpDomains.join(', '));
      toast(t('saved'));
    } catch (error) {
      await dialogs.error(t('saveErrorTitle'), t('saveErrorMessage'), error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.settings} onSubmit={save} noValidate>
      <div className={styles.column}>
        <h3 className={styles.subheading}>{t('signUpHeading')}</h3>
        <SelectField
          label={t('policy')}
          name="sign-up-policy"
          value={policy}
          onChange={(value) => setPolicy(value as SignUpPolicy)}
          options={Object.values(SignUpPolicy).map((option) => ({ value: option, label: t(`policies.${option}`) }))}
          hint={t(`policyHints.${policy}`)}
        />
        {policy === 'domains' && (
          <TextField
            label={t('domains')}
            name="sign-up-domains"
            value={domains}
            onChange={setDomains}
            placeholder="example.com, example.org"
            hint={t('domainsHint')}
            error={domainsError}
          />
        )}
      </div>
      <div className={styles.column}>
        <h3 className={styles.subheading}>{t('newCompanyHeading')}</h3>
        <PlanFields
          name="new-company"
          plan={plan}
          onPlan={setPlan}
          seats={[
            { label: tOperator('includedSeats'), value: seats, onChange: setSeats, error: seatsError, minimum: 1 },
          ]}
          features={features}
          onFeatures={setFeatures}
        />
      </div>
      <div className={styles.actions}>
        <SubmitButton busy={saving}>{t('save')}</SubmitButton>
      </div>
    </form>
  );
}
