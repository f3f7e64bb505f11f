'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { TextField } from '@/components/ui/form';
import { MIN_PASSWORD_LENGTH, newPasswordErrors } from './new-password-errors';

/** A new password and its repetition as typed, their errors, and `check()`, which shows them before sending. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof newPasswordErrors>>({});
  function check(): boolean {
    const found = newPasswordErrors(password, repeat);
    setErrors(found);
    return !found.password && !found.repeat;
  }
  return { password, repeat, setPassword, setRepeat, errors, check };
}

interface NewPasswordFieldsProps {
  labels: { password: string; repeat: string };
  value: ReturnType<typeof useNewPassword>;
  autoFocus?: boolean;
}

/** A new password and its repetition, with the length hint and the errors of newPasswordErrors. */
export function NewPasswordFields({ labels, value, autoFocus }: NewPasswordFieldsProps) {
  const tAuth = useTranslations('auth');
  const { errors } = value;
  return (
    <>
      <TextField
        label={labels.password}
        name="password"
        type="password"
        value={value.password}
        onChange={value.setPassword}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        minLength={MIN_PASSWORD_LENGTH}
        hint={tAuth('passwordHint', { min: MIN_PASSWORD_LENGTH })}
        error={errors.password && tAuth(errors.password, { min: MIN_PASSWORD_LENGTH })}
      />
      <TextField
        label={labels.repeat}
        name="repeatPassword"
        type="password"
        value={value.repeat}
        onChange={value.setRepeat}
        autoComplete="new-password"
        required
        error={errors.repeat && tAuth(errors.repeat)}
      />
    </>
  );
}
