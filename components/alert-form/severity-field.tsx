'use client';

import { useTranslations } from 'next-intl';
import { AlertEmblem } from '@/components/ui/alert-emblem';
import { SEVERITIES, type Severity } from './alert-form';
import styles from './alert-form.module.css';

/** Alert, urgent alert or alarm (or the given `options`), as a group of radio cards with what each one is for. */
export function SeverityField({
  value,
  onChange,
  options = SEVERITIES,
}: {
  value: Severity;
  onChange: (severity: Severity) => void;
  options?: readonly Severity[];
}) {
  const t = useTranslations('newAlert.severity');
  const names = useTranslations('alerts.severity');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('legend')}</legend>
      <div className={styles.choiceGrid}>
        {options.map((severity) => (
          <label key={severity} className={`${styles.choiceCard} ${styles[`severity-${severity}`]}`}>
            <input
              type="radio"
              name="severity"
              value={severity}
              checked={value === severity}
              onChange={() => onChange(severity)}
              aria-labelledby={`severity-${severity}-name`}
              aria-describedby={`severity-${severity}-hint`}
            />
            <span className={styles.choiceHead}>
              <span aria-hidden="true" className={styles.choiceEmblem}>
                <AlertEmblem type={severity} label="" />
              </span>
              <span id={`severity-${severity}-name`} className={styles.choiceName}>
                {names(severity)}
              </span>
            </span>
            <span id={`severity-${severity}-hint`} className={styles.choiceHint}>
              {t(`hints.${severity}`)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
