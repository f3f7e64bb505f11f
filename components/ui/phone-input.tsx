'use client';

import { useTranslations } from 'next-intl';
import { FieldMessages, useFieldIds } from './form';
import styles from './phone-input.module.css';

export interface PhoneValue {
  dialCode: string;
  localNumber: string;
}

interface PhoneInputProps {
  label: string;
  name: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  dialCodes: string[];
  error?: string;
  hint?: string;
  required?: boolean;
  autoComplete?: string;
  /** Hides the visible label (rows of a table whose header names the column); screen readers still get it. */
  hideLabel?: boolean;
}

/** A phone number as a supported dial code (select) and the local number; see toE164 for the value sent. */
export function PhoneInput({
  label,
  name,
  value,
  onChange,
  dialCodes,
  error,
  hint,
  required,
  autoComplete,
  hideLabel,
}: PhoneInputProps) {
  const t = useTranslations('forms');
  const { inputId, hintId, errorId, describedBy } = useFieldIds(name, { hint, error });
  const options = dialCodes.includes(value.dialCode) || !value.dialCode ? dialCodes : [value.dialCode, ...dialCodes];
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      <div className={styles.group}>
        <select
          className={`input ${styles.dialCode}`}
          aria-label={t('dialCode')}
          name={`${name}DialCode`}
          value={value.dialCode}
          onChange={(event) => onChange({ ...value, dialCode: event.target.value })}
          disabled={options.length === 0}
        >
          {options.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <input
          id={inputId}
          className={`input ${styles.number}`}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          value={value.localNumber}
          onChange={(event) => onChange({ ...value, localNumber: event.target.value })}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
