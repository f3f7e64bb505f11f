'use client';

import { useTranslations } from 'next-intl';
import { missingRecipients, type RecipientsChoice } from './alert-form';

/** How a required-recipients message names the field: what the chosen mode still lacks (teams, locations…). */
export function useRecipientsLabel(form: RecipientsChoice): string {
  const t = useTranslations('newAlert');
  const missing = missingRecipients(form);
  return missing ? t(`recipients.required.${missing}`) : t('sections.recipients');
}
