'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { FormDialog } from '@/components/ui/form-dialog';
import { operatorApi, type OperatorCompany } from './operator-api';
import { PlanFields, seatsOf } from './plan-fields';

/** Sets a company's plan, included and extra seats, and features. */
export function CompanyPlanDialog({
  company,
  onClose,
  onSaved,
}: {
  company: OperatorCompany;
  onClose: () => void;
  onSaved: (saved: OperatorCompany) => void;
}) {
  const t = useTranslations('operator');
  const dialogs = useDialogs();
  const [plan, setPlan] = useState(company.plan);
  const [included, setIncluded] = useState(String(company.includedSeats));
  const [extra, setExtra] = useState(String(company.extraSeats));
  const [features, setFeatures] = useState(company.features);
  const [saving, setSaving] = useState(false);
  const includedSeats = seatsOf(included);
  const extraSeats = seatsOf(extra);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (includedSeats === null || extraSeats === null) return;
    setSaving(true);
    try {
      onSaved(await operatorApi.changeCompany(company.id, { plan, includedSeats, extraSeats, features }));
    } catch (error) {
      await dialogs.error(t('companies.planErrorTitle'), t('companies.planErrorMessage'), error);
      setSaving(false);
    }
  }

  return (
    <FormDialog
      id="company-plan"
      title={t('companies.planTitle', { name: company.name })}
      intro={t('companies.planIntro', { used: company.seatsUsed })}
      onSubmit={save}
      onClose={onClose}
      submitLabel={t('companies.savePlan')}
      cancelLabel={t('cancel')}
      busy={saving}
    >
      <PlanFields
        name="company"
        plan={plan}
        onPlan={setPlan}
        seats={[
          {
            label: t('includedSeats'),
            value: included,
            onChange: setIncluded,
            error: includedSeats === null ? t('seatsInvalid') : null,
            minimum: 0,
          },
          {
            label: t('extraSeats'),
            value: extra,
            onChange: setExtra,
            error: extraSeats === null ? t('seatsInvalid') : null,
            minimum: 0,
          },
        ]}
        features={features}
        onFeatures={setFeatures}
      />
    </FormDialog>
  );
}
