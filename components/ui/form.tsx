'use client';

import { useTranslations } from 'next-intl';
import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { AlertCircleIcon } from './icons';

// Accessible form primitives: every input has a label, errors are tied to it with aria-invalid and
// aria-describedby, and hints are read with the field.

type InputExtras = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'name' | 'required' | 'autoComplete' | 'checked'
>;

export interface TextFieldProps extends InputExtras {
  label: ReactNode;
  name: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'number' | 'date';
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
}

export function TextField({
  label,
  name,
  type = 'text',
  value,
  onChange,
  error,
  autoComplete,
  required,
  hint,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const t = useTranslations('common');
  const { inputId, hintId, errorId, describedBy } = useFieldIds(name, { id, hint, error });
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={`field${error ? ' invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className={isPassword ? 'input-with-action' : undefined}>
        <input
          {...rest}
          id={inputId}
          className="input"
          name={name}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {isPassword && (
          <button
            type="button"
            className="input-action"
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? t('hidePassword') : t('showPassword')}
            aria-controls={inputId}
          >
            {revealed ? t('hide') : t('show')}
          </button>
        )}
      </div>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

type TextAreaExtras = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

export interface TextAreaFieldProps extends TextAreaExtras {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Under the field: what to write, or a counter ("120 of 5000 characters"). */
  hint?: ReactNode;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  /** Another class of the textarea (its height). */
  inputClassName?: string;
}

/** A longer text: label, textarea, a hint or counter, and the error, tied together like TextField's. */
export function TextAreaField({
  label,
  value,
  onChange,
  hint,
  error,
  inputClassName,
  id,
  name,
  ...rest
}: TextAreaFieldProps) {
  const { inputId, hintId, errorId, describedBy } = useFieldIds(name ?? 'text', { id, hint, error });
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <textarea
        {...rest}
        id={inputId}
        className={inputClassName ? `input ${inputClassName}` : 'input'}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputExtras, 'checked'> {
  label: ReactNode;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  required?: boolean;
  hint?: ReactNode;
}

export function CheckboxField({
  label,
  name,
  checked,
  onChange,
  error,
  required,
  hint,
  id,
  className,
  ...rest
}: CheckboxFieldProps) {
  const { inputId, hintId, errorId, describedBy } = useFieldIds(name, { id, hint, error });
  return (
    <div className={`field checkbox-field${error ? ' invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="checkbox-row">
        <input
          {...rest}
          id={inputId}
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

export interface SelectFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  className?: string;
  disabled?: boolean;
}

/** A choice from a list: label, select, hint and error, tied together like TextField's. */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  hint,
  error,
  id,
  className,
  disabled,
}: SelectFieldProps) {
  const { inputId, hintId, errorId, describedBy } = useFieldIds(name, { id, hint, error });
  return (
    <div className={`field${error ? ' invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <select
        id={inputId}
        className="input"
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

export interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-busy'> {
  /** The button's action is running: a spinner shows and screen readers hear it (`disabled` is up to the caller). */
  busy: boolean;
}

/** A button whose action takes a while (a plain button unless `type` says otherwise). */
export function BusyButton({ busy, type = 'button', children, ...rest }: BusyButtonProps) {
  return (
    <button {...rest} type={type} aria-busy={busy || undefined}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/**
 * The form's main button; while `busy` it shows a spinner, tells screen readers, and does nothing when pressed. It stays
 * focusable meanwhile (aria-disabled, not disabled), so the focus does not fall back to the page during a save. Enter in
 * a field presses it too (implicit submission is a click on it), so a busy form is not sent twice either way.
 */
export function SubmitButton({
  busy = false,
  disabled = false,
  children,
  className,
}: {
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <BusyButton
      type="submit"
      className={`button primary${className ? ` ${className}` : ''}`}
      disabled={disabled}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      busy={busy}
    >
      {children}
    </BusyButton>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      <AlertCircleIcon />
      <span>{message}</span>
    </div>
  );
}

/** The ids that tie a field's input to its hint and error (aria-describedby), shared by every field of the form kit. */
export function useFieldIds(name: string, options: { id?: string; hint?: unknown; error?: unknown }) {
  const generatedId = useId();
  const inputId = options.id ?? `${name}-${generatedId}`;
  const hintId = options.hint ? `${inputId}-hint` : undefined;
  const errorId = options.error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A field's hint and error lines, under its input. */
export function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId?: string;
  hint?: ReactNode;
  errorId?: string;
  error?: ReactNode;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
