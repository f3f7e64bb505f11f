'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import {
  alertTarget,
  EMPTY_RECIPIENTS,
  hasRecipients,
  missingRecipients,
  type RecipientsChoice,
} from '@/components/alert-form/alert-form';
import { FormSection, FormWithSummary } from '@/components/alert-form/form-section';
import { RecipientsField } from '@/components/alert-form/recipients-field';
import { ReachPreview } from '@/components/alert-form/reach-preview';
import { useReach } from '@/components/alert-form/use-reach';
import { useProfile } from '@/components/session/profile-provider';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { BusyButton, TextField } from '@/components/ui/form';
import { Loading } from '@/components/ui/load-states';
import { HowToGetPlan } from '@/components/settings/how-to-get-plan';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toasts';
import { PAYING_PLANS } from '@/lib/companies/plans';
import type { Plan } from '@/lib/generated/prisma/enums';
import { POSITIONING_REASON_MAX, POSITIONING_REASON_MIN } from '@/lib/positionings/positioning-rules';
import { positioningApi } from './positioning-api';

/**
 * /newPositioning (spec §2, issue 17): why (logged, shown to the people located) and whom, with the target pieces of
 * /newAlert and a live count of the people who will be asked; then the results screen.
 */
export function NewPositioningPage() {
  const t = useTranslations('positionings');
  const tRoutes = useTranslations('routes.newPositioning');
  const profile = useProfile();
  const plan = profile.state.status === 'loaded' ? (profile.state.me.customer?.plan ?? null) : undefined;

  return (
    <main className="console-page">
      <PageHeader title={tRoutes('title')} description={tRoutes('description')} />
      {plan === undefined ? (
        <Loading label={t('new.loading')} />
      ) : plan !== null && PAYING_PLANS.includes(plan as Plan) ? (
        <PositioningForm />
      ) : (
        <EmptyState title={t('new.planTitle')} description={t('new.planDescription')} action={<HowToGetPlan />} />
      )}
    </main>
  );
}

function PositioningForm() {
  const t = useTranslations('positionings');
  const forms = useTranslations('forms');
  const dialogs = useDialogs();
  const toast = useToast();
  const router = useRouter();
  const [reason, setReason] = useState('');
  const [recipients, setRecipients] = useState<RecipientsChoice>(EMPTY_RECIPIENTS);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = useMemo(() => (hasRecipients(recipients) ? alertTarget(recipients) : null), [recipients]);
  const reach = useReach(target);

  const trimmed = reason.trim();
  const reasonError = !attempted
    ? undefined
    : !trimmed
      ? forms('required', { value: t('new.reason') })
      : trimmed.length < POSITIONING_REASON_MIN
        ? forms('tooShort', { value: t('new.reason'), min: POSITIONING_REASON_MIN })
        : undefined;
  const missing = missingRecipients(recipients);
  const targetError =
    attempted && missing ? forms('required', { value: t(`new.targetRequired.${missing}`) }) : undefined;

  async function submit() {
    setAttempted(true);
    if (trimmed.length < POSITIONING_REASON_MIN) {
      document.getElementById('field-reason')?.focus();
      return;
    }
    if (!target) {
      document.getElementById('field-recipients')?.focus();
      return;
    }
    setBusy(true);
    try {
      const positioning = await positioningApi.request({ reason: trimmed, target });
      toast(t('new.requested'));
      router.push(`/positionings/${positioning.id}`);
    } catch (error) {
      setBusy(false);
      await dialogs.error(t('errorTitles.request'), t('new.errorMessage'), error);
    }
  }

  return (
    <FormWithSummary
      label={t('new.formLabel')}
      summary={<ReachPreview state={reach} texts="positionings.new.reach" />}
      actions={
        <BusyButton className="button primary block" onClick={() => void submit()} disabled={busy} busy={busy}>
          {t('new.submit')}
        </BusyButton>
      }
    >
      <FormSection id="section-reason" title={t('new.reasonTitle')}>
        <TextField
          id="field-reason"
          label={t('new.reason')}
          name="reason"
          value={reason}
          onChange={setReason}
          error={reasonError}
          hint={t('new.reasonHint')}
          autoComplete="off"
          maxLength={POSITIONING_REASON_MAX}
          required
        />
      </FormSection>
      <FormSection id="section-target" title={t('new.targetTitle')}>
        <RecipientsField
          value={recipients}
          onChange={(change) => setRecipients((current) => ({ ...current, ...change }))}
          error={targetError}
          wording={{
            legend: t('new.targetLegend'),
            hint: (mode) => t(`new.modeHints.${mode}`),
            onlyAtLocationsHint: t('new.onlyAtLocationsHint'),
            pickerTitle: t('new.pickerTitle'),
            pickerIntro: t('new.pickerIntro'),
          }}
        />
      </FormSection>
    </FormWithSummary>
  );
}
