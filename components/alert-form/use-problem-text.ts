'use client';

import { useTranslations } from 'next-intl';
import type { FormField, FormProblems, Problem, RecipientsChoice } from './alert-form';
import { useRecipientsLabel } from './use-recipients-label';

/** The element of each field that gets the focus when the field is wrong. */
const FIELD_IDS: Record<FormField, string> = {
  title: 'field-title',
  message: 'field-message',
  recipients: 'field-recipients',
  channels: 'field-channels',
  responseOptions: 'field-responseOptions',
};

export function focusField(field: FormField) {
  document.getElementById(FIELD_IDS[field])?.focus();
}

/** A problem in the spec's generic words: "<label> is required", "<label> must be at least N characters". */
export function useProblemWords(): (label: string, problem: Problem | undefined) => string | undefined {
  const forms = useTranslations('forms');
  return (label, problem) => {
    if (!problem) return undefined;
    return problem.rule === 'required'
      ? forms('required', { value: label })
      : forms('tooShort', { value: label, min: problem.min });
  };
}

/** What is wrong with an alert form's field, in words (the recipients named by what the chosen mode lacks). */
export function useAlertProblemText(
  form: RecipientsChoice,
  problems: FormProblems,
): (field: FormField) => string | undefined {
  const t = useTranslations('newAlert');
  const words = useProblemWords();
  const recipientsLabel = useRecipientsLabel(form);
  const labels: Record<Exclude<FormField, 'responseOptions'>, string> = {
    title: t('fields.title'),
    message: t('fields.message'),
    channels: t('channels.legend'),
    recipients: recipientsLabel,
  };
  return (field) => {
    if (field !== 'responseOptions') return words(labels[field], problems[field]);
    return problems.responseOptions ? t('answers.otherNeedsWords') : undefined;
  };
}
