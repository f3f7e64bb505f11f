'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '@/components/ui/form';
import { MIN_PASSWORD_LENGTH, type newPasswordErrors } from './new-password-errors';

interface NewPasswordFieldsProps {
  labels: { password: string; repeat: string };
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  errors: ReturnType<typeof newPasswordErrors>;
  autoFocus?: boolean;
}

/** A new password and its repetition, with the length hint and the errors of newPasswordErrors. */
export function NewPasswordFields({ labels, password, repeat, onPasswordChange, onRepeatChange, errors, autoFocus }: NewPasswordFieldsProps) {
  const tAuth = useTranslations('auth');
  return (
    <>
      <TextField
        label={labels.password}
        name="password"
        type="password"
        value={password}
        onChange={onPasswordChange}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        minLength={MIN_PASSWORD_LENGTH}
        hint={tAuth('passwordHint', { min: MIN_PASSWORD_LENGTH })}
        error={errors.password && tAuth(errors.password, { min: MIN_PASSWORD_LENGTH })}
      />
      <TextField label={labels.repeat} name="repeatPassword" type="password" value={repeat} onChange={onRepeatChange} autoComplete="new-password" required error={errors.repeat && tAuth(errors.repeat)} />
    </>
  );
}
