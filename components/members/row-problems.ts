'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { AccountRow } from './members-api';

/** Row codes of PUT/POST /api/accounts with a translated text (members.rowProblems); others show the server's message. */
const KNOWN_CODES = new Set([
  'nameTooShort',
  'nameTooLong',
  'emailInvalid',
  'phoneInvalid',
  'dialCode',
  'roleNotAllowed',
  'duplicateInFile',
  'identityMismatch',
  'removedMember',
  'member',
]);

/** The field a row code is about, where it is about one. */
export const FIELD_OF_CODE: Record<string, keyof AccountRow | undefined> = {
  nameTooShort: 'name',
  nameTooLong: 'name',
  emailInvalid: 'email',
  phoneInvalid: 'phone',
  dialCode: 'phone',
  roleNotAllowed: 'role',
};

/** A row's problems as the admin reads them: each code translated, the server's English message where none is known. */
export function useRowProblems() {
  const t = useTranslations('members.rowProblems');
  return useCallback(
    (codes: string[], errors: string[] = []): string[] =>
      codes.map((code, i) => (KNOWN_CODES.has(code) ? t(code) : (errors[i] ?? code))),
    [t],
  );
}
