'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { looksLikeEmail } from './email';
import { isValidE164 } from './phone-number';

/** Spec §5: names of people, companies and teams; passwords. */
export const MIN_NAME_LENGTH = 3;
export const MIN_PASSWORD_LENGTH = 8;

/** A field's first broken rule as the spec's generic message (§5), or undefined when it is fine. */
export interface FieldRules {
  text(label: string, value: string, minLength?: number): string | undefined;
  /** Not trimmed: spaces count in a password. */
  password(label: string, value: string, minLength: number): string | undefined;
  email(label: string, value: string): string | undefined;
  phone(label: string, localNumber: string, e164: string): string | undefined;
}

/** The generic validation messages of spec §5 ("{value} is required", ...), translated (namespace forms). */
export function useFieldRules(): FieldRules {
  const t = useTranslations('forms');
  return useMemo<FieldRules>(
    () => ({
      text(label, value, minLength) {
        const trimmed = value.trim();
        if (!trimmed) return t('required', { value: label });
        if (minLength && trimmed.length < minLength) return t('tooShort', { value: label, min: minLength });
        return undefined;
      },
      password(label, value, minLength) {
        if (!value) return t('required', { value: label });
        return value.length < minLength ? t('tooShort', { value: label, min: minLength }) : undefined;
      },
      email(label, value) {
        if (!value.trim()) return t('required', { value: label });
        return looksLikeEmail(value) ? undefined : t('invalid', { value: label });
      },
      phone(label, localNumber, e164) {
        if (!localNumber.trim()) return t('required', { value: label });
        return isValidE164(e164) ? undefined : t('invalid', { value: label });
      },
    }),
    [t],
  );
}

/** True when no field has a message. */
export function allValid(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).every((message) => !message);
}
