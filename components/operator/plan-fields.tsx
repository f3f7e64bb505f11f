'use client';

import { useTranslations } from 'next-intl';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form';
import { Feature, Plan } from '@/lib/generated/prisma/enums';
import styles from './operator.module.css';

export const PLANS = Object.values(Plan);
export const FEATURES = Object.values(Feature);

/** A whole number of seats as typed, or null when it is not one. */
export function seatsOf(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The plan select, the seats and the feature checkboxes: a company's (the plan dialog) or a new company's (settings). */
export function PlanFields({
  name,
  plan,
  onPlan,
  seats,
  features,
  onFeatures,
}: {
  name: string;
  plan: Plan;
  onPlan: (plan: Plan) => void;
  seats: { label: string; value: string; onChange: (value: string) => void; error?: string | null; minimum: number }[];
  features: Feature[];
  onFeatures: (features: Feature[]) => void;
}) {
  const t = useTranslations('operator');
  const tPlans = useTranslations('dashboard.summary.plans');
  return (
    <>
      <SelectField
        label={t('plan')}
        name={`${name}-plan`}
        value={plan}
        onChange={(value) => onPlan(value as Plan)}
        options={PLANS.map((option) => ({ value: option, label: tPlans(option) }))}
        hint={plan === 'free' ? t('freePlanHint') : undefined}
      />
      {seats.map((field) => (
        <TextField
          key={field.label}
          label={field.label}
          name={`${name}-${field.label}`}
          type="number"
          min={field.minimum}
          inputMode="numeric"
          value={field.value}
          onChange={field.onChange}
          error={field.error}
        />
      ))}
      <fieldset className={styles.features}>
        <legend>{t('features')}</legend>
        {FEATURES.map((feature) => (
          <CheckboxField
            key={feature}
            label={t(`featureNames.${feature}`)}
            name={`${name}-feature-${feature}`}
            checked={features.includes(feature)}
            onChange={(checked) =>
              onFeatures(checked ? [...features, feature] : features.filter((other) => other !== feature))
            }
          />
        ))}
      </fieldset>
    </>
  );
}
