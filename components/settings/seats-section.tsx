'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { SubmitButton, TextField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { hasLevel } from '@/lib/auth/roles';
import { PAYING_PLANS } from '@/lib/companies/plans';
import type { Plan, Role } from '@/lib/generated/prisma/enums';
import { ContactSales } from './contact-sales';
import { seatsQuery, settingsApi, type Seats } from './settings-api';
import styles from './settings.module.css';

/**
 * The plan and its seats: included, extra, in use. On a paying plan the owner (or a super admin) sets the extra seats;
 * billing happens outside the product, so the section says whom to ask and offers "Contact sales" (more seats first). The
 * latest changes say who made them and when.
 */
export function SeatsSection({ role }: { role: string | null }) {
  const t = useTranslations('companySettings.seats');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(
    seatsQuery,
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  return (
    <SectionCard id="seats" title={t('heading')} intro={t('intro')}>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' && (
        <SeatsDetails
          seats={state.data}
          canChange={role !== null && hasLevel(role as Role, 'superAdmin')}
          onSaved={setData}
        />
      )}
    </SectionCard>
  );
}

function SeatsDetails({
  seats,
  canChange,
  onSaved,
}: {
  seats: Seats;
  canChange: boolean;
  onSaved: (seats: Seats) => void;
}) {
  const t = useTranslations('companySettings.seats');
  const tPlans = useTranslations('dashboard.summary.plans');
  const paying = PAYING_PLANS.includes(seats.plan as Plan);
  return (
    <>
      <dl className={styles.facts} data-testid="seat-facts">
        <div>
          <dt>{t('plan')}</dt>
          <dd>{tPlans(seats.plan as Plan)}</dd>
        </div>
        <div>
          <dt>{t('included')}</dt>
          <dd>{paying ? seats.includedSeats : seats.maxUsers}</dd>
        </div>
        {paying && (
          <div>
            <dt>{t('extra')}</dt>
            <dd>{seats.extraSeats}</dd>
          </div>
        )}
        <div>
          <dt>{t('inUse')}</dt>
          <dd>{t('inUseOf', { count: seats.inUse, max: seats.maxUsers })}</dd>
        </div>
      </dl>
      {!paying ? (
        <p className="muted">{t('freePlan', { max: seats.maxUsers })}</p>
      ) : canChange ? (
        <ExtraSeatsForm seats={seats} onSaved={onSaved} />
      ) : (
        <p className="muted">{t('ownerOnly')}</p>
      )}
      <p className="muted small">{t('billing')}</p>
      {seats.changes.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t('changesHeading')}</h3>
          <ul className={styles.changes} data-testid="seat-changes">
            {seats.changes.map((change) => (
              <li key={change.at}>
                <time dateTime={change.at}>{formatDateTime(change.at)}</time>{' '}
                {t('change', { name: change.by?.name ?? t('someone'), from: change.from, to: change.to })}
              </li>
            ))}
          </ul>
        </>
      )}
      <ContactSales topic="moreSeats" />
    </>
  );
}

function ExtraSeatsForm({ seats, onSaved }: { seats: Seats; onSaved: (seats: Seats) => void }) {
  const t = useTranslations('companySettings.seats');
  const tErrors = useTranslations('companySettings.errorTitles');
  const dialogs = useDialogs();
  const toast = useToast();
  const [value, setValue] = useState(String(seats.extraSeats));
  const [saving, setSaving] = useState(false);
  const minimum = Math.max(0, seats.inUse - seats.includedSeats);
  const wanted = Number(value);
  const error =
    value.trim() === '' || !Number.isInteger(wanted) || wanted < 0
      ? t('extraInvalid')
      : wanted < minimum
        ? t('extraTooFew', { count: seats.inUse, minimum })
        : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (error) return;
    setSaving(true);
    try {
      const saved = await settingsApi.changeExtraSeats(wanted);
      onSaved(saved);
      setValue(String(saved.extraSeats));
      toast(t('saved'));
    } catch (failure) {
      await dialogs.error(tErrors('save'), t('saveErrorMessage'), failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className={styles.inline} noValidate>
      <TextField
        label={t('extraLabel')}
        name="extraSeats"
        type="number"
        inputMode="numeric"
        min={minimum}
        step={1}
        value={value}
        onChange={setValue}
        error={error}
        hint={t('extraHint', { max: seats.includedSeats + (Number.isInteger(wanted) && wanted > 0 ? wanted : 0) })}
        className={styles.narrow}
      />
      <SubmitButton busy={saving} disabled={error !== undefined || wanted === seats.extraSeats}>
        {t('save')}
      </SubmitButton>
    </form>
  );
}
