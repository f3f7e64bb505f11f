'use client';

import { useTranslations } from 'next-intl';
import { CheckboxField } from '@/components/ui/form';
import { IconButton } from '@/components/ui/icon-button';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import {
  ANSWER_KINDS,
  DEFAULT_RESPONSE_OPTIONS,
  MAX_OPTION_LABEL,
  MAX_RESPONSE_OPTIONS,
  type AnswerKind,
  type ResponseOption,
} from '@/lib/answers/answer-rules';
import styles from './alert-form.module.css';

/**
 * "Ask people to answer": off, the alert asks nothing; on, it starts from "I'm safe" / "I need help" and takes up to 9
 * options, each tagged safe, needs help or other. A safe or needs-help option without words uses its default words in
 * each recipient's own language; an "other" option needs words (`error` says so).
 */
export function ResponseOptionsField({
  value,
  onChange,
  error,
}: {
  value: ResponseOption[];
  onChange: (options: ResponseOption[]) => void;
  error?: string;
}) {
  const t = useTranslations('newAlert.answers');
  const kinds = useTranslations('answers.kinds');
  const defaults = useTranslations('answers.default');
  const asking = value.length > 0;
  const change = (index: number, patch: Partial<ResponseOption>) =>
    onChange(value.map((option, at) => (at === index ? { ...option, ...patch } : option)));

  return (
    <fieldset className={styles.fieldset} id="field-responseOptions" tabIndex={-1}>
      <legend className={styles.legend}>{t('legend')}</legend>
      <CheckboxField
        label={t('ask')}
        name="askForAnswers"
        checked={asking}
        onChange={(on) => onChange(on ? DEFAULT_RESPONSE_OPTIONS : [])}
        hint={t('askHint')}
      />
      {asking && (
        <>
          <ol className={styles.answerOptions} aria-label={t('listLabel')}>
            {value.map((option, index) => {
              const number = index + 1;
              const missing = option.kind === 'other' && !option.label?.trim();
              return (
                <li key={index} className={styles.answerOption}>
                  <span className={styles.answerNumber} aria-hidden="true">
                    {number}
                  </span>
                  <input
                    className="input"
                    aria-label={t('labelOf', { number })}
                    value={option.label ?? ''}
                    maxLength={MAX_OPTION_LABEL}
                    placeholder={option.kind === 'other' ? t('otherPlaceholder') : defaults(option.kind)}
                    aria-invalid={error && missing ? true : undefined}
                    onChange={(event) => change(index, { label: event.target.value })}
                  />
                  <select
                    className="input"
                    aria-label={t('kindOf', { number })}
                    value={option.kind}
                    onChange={(event) => change(index, { kind: event.target.value as AnswerKind })}
                  >
                    {ANSWER_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {kinds(kind)}
                      </option>
                    ))}
                  </select>
                  <IconButton
                    label={t('remove', { number })}
                    onClick={() => onChange(value.filter((_, at) => at !== index))}
                  >
                    <TrashIcon />
                  </IconButton>
                </li>
              );
            })}
          </ol>
          {error && (
            <p id="responseOptions-error" className="field-error">
              {error}
            </p>
          )}
          <div className={styles.answerFooter}>
            <button
              type="button"
              className="button ghost"
              onClick={() => onChange([...value, { kind: 'other', label: '' }])}
              disabled={value.length >= MAX_RESPONSE_OPTIONS}
            >
              <PlusIcon />
              {t('add')}
            </button>
            <span className="muted small">{t('count', { count: value.length, max: MAX_RESPONSE_OPTIONS })}</span>
          </div>
          <p className="muted small">{t('howPeopleAnswer')}</p>
        </>
      )}
    </fieldset>
  );
}
