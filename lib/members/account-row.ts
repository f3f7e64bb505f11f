import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { emailAddress } from '@/lib/auth/email-address';
import { hasLevel } from '@/lib/auth/roles';
import type { Role } from '@/lib/generated/prisma/enums';
import { personName } from '@/lib/me/update-name';
import { dialCodeMessage, isSupportedDialCode, phoneNumberIn } from '@/lib/phone/phone-number';

export const MAX_ACCOUNT_ROWS = 1000;

/** Roles an admin may give when adding or editing a member ("owner" never; "superAdmin" only by a superAdmin or owner). */
export const GRANTABLE_ROLES = [
  'user',
  'admin',
  'teamadmin',
  'billing',
  'superAdmin',
] as const satisfies readonly Role[];

/** One row of an import or of the add form, as typed: checked per row, so one bad row does not refuse the others. */
export const accountRow = z.object({
  name: z.string().max(1000).default(''),
  email: z.string().max(1000).default(''),
  phone: z.string().max(100).default(''),
  role: z.string().max(50).optional(),
});

export const accountRowsBody = z.object({ users: z.array(accountRow).min(1) });
export type AccountRowsInput = z.output<typeof accountRowsBody>;

/** Row problems (contract "Members"): each with the English message the `errors` list carries. */
export type RowCode =
  | 'nameTooShort'
  | 'nameTooLong'
  | 'emailInvalid'
  | 'phoneInvalid'
  | 'dialCode'
  | 'roleNotAllowed'
  | 'duplicateInFile'
  | 'identityMismatch'
  | 'removedMember';

export interface RowProblem {
  code: RowCode;
  message: string;
}

/** A row after its own checks: normalised e-mail (lower case) and phone (E.164), or null where they are not valid. */
export interface CheckedRow {
  index: number;
  name: string;
  email: string | null;
  phone: string | null;
  role: Role;
  problems: RowProblem[];
}

export function assertBatchSize(rows: readonly unknown[]): void {
  if (rows.length > MAX_ACCOUNT_ROWS) {
    throw ApiError.badRequest(`At most ${MAX_ACCOUNT_ROWS} users can be sent at once`).with({ code: 'batchTooLarge' });
  }
}

function isGrantable(role: string): role is (typeof GRANTABLE_ROLES)[number] {
  return (GRANTABLE_ROLES as readonly string[]).includes(role);
}

/** Whether `callerRole` may give or take away `role`: superAdmin (and owner) only by a superAdmin or the owner. */
export function mayGrantRole(callerRole: Role, role: Role): boolean {
  if (role === 'owner') return false;
  return role !== 'superAdmin' || hasLevel(callerRole, 'superAdmin');
}

/**
 * The checks of one row that need no database: name, e-mail, phone and dial code (as at sign-up; a number without a dial
 * code is one of the company's default country), role.
 */
export function checkAccountRow(
  row: z.output<typeof accountRow>,
  index: number,
  callerRole: Role,
  defaultCountry: string | null = null,
): CheckedRow {
  const problems: RowProblem[] = [];
  const name = row.name.trim();
  if (!personName.safeParse(name).success) {
    problems.push(
      name.length < 3
        ? { code: 'nameTooShort', message: 'name must be at least 3 characters' }
        : { code: 'nameTooLong', message: 'name cannot be longer than 100 characters' },
    );
  }
  const email = emailAddress.safeParse(row.email);
  if (!email.success) problems.push({ code: 'emailInvalid', message: 'email is not valid' });
  const phone = phoneNumberIn(defaultCountry).safeParse(row.phone);
  if (!phone.success) problems.push({ code: 'phoneInvalid', message: 'phone is not valid' });
  else if (!isSupportedDialCode(phone.data)) problems.push({ code: 'dialCode', message: dialCodeMessage(phone.data) });
  const role = row.role?.trim() || 'user';
  if (!isGrantable(role) || !mayGrantRole(callerRole, role)) {
    problems.push({ code: 'roleNotAllowed', message: `The role ${role} cannot be given` });
  }
  return {
    index,
    name,
    email: email.success ? email.data : null,
    phone: phone.success ? phone.data : null,
    role: isGrantable(role) ? role : 'user',
    problems,
  };
}
