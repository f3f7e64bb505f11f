import type { DbClient } from '@/lib/db';
import type { Role } from '@/lib/generated/prisma/enums';
import { mapInSlices } from '@/lib/map-in-slices';
import { checkAccountRow, type AccountRowsInput, type CheckedRow } from './account-row';

/** new: a new person; existing: a person of another company (e-mail and phone match); member: already here, skipped. */
export type RowStatus = 'new' | 'existing' | 'member' | 'invalid';

export interface ClassifiedRow extends CheckedRow {
  status: RowStatus;
  /** The existing person's id (status existing or member). */
  userId: string | null;
}

interface Person {
  id: string;
  email: string;
  phone: string | null;
  memberships: { deletedAt: Date | null }[];
}

/** Rows checked between two turns of the event loop (see mapInSlices). */
const ROWS_PER_SLICE = 100;

/** Later rows with the e-mail or phone of an earlier row get `duplicateInFile`. */
function markDuplicatesInFile(rows: CheckedRow[]): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const keys = [row.email && `e:${row.email}`, row.phone && `p:${row.phone}`].filter((key): key is string =>
      Boolean(key),
    );
    const earlier = keys.map((key) => seen.get(key)).find((index) => index !== undefined);
    if (earlier !== undefined) {
      row.problems.push({
        code: 'duplicateInFile',
        message: `The e-mail or phone number is already in row ${earlier + 1}`,
      });
    }
    for (const key of keys) if (!seen.has(key)) seen.set(key, row.index);
  }
}

function classify(row: CheckedRow, byEmail: Map<string, Person>, byPhone: Map<string, Person>): ClassifiedRow {
  if (row.problems.length > 0 || !row.email || !row.phone) return { ...row, status: 'invalid', userId: null };
  const sameEmail = byEmail.get(row.email);
  const samePhone = byPhone.get(row.phone);
  const matched = [sameEmail, samePhone].filter((person): person is Person => person !== undefined);
  if (matched.length === 0) return { ...row, status: 'new', userId: null };
  const activeHere = matched.find((person) => person.memberships.some((membership) => membership.deletedAt === null));
  if (activeHere) return { ...row, status: 'member', userId: activeHere.id };
  if (matched.some((person) => person.memberships.length > 0)) {
    const problem = {
      code: 'removedMember' as const,
      message: 'This person was removed from the company: restore them instead',
    };
    return { ...row, status: 'invalid', userId: null, problems: [problem] };
  }
  if (sameEmail && samePhone && sameEmail.id === samePhone.id)
    return { ...row, status: 'existing', userId: sameEmail.id };
  const problem = {
    code: 'identityMismatch' as const,
    message: 'The e-mail or phone number belongs to another person',
  };
  return { ...row, status: 'invalid', userId: null, problems: [problem] };
}

/**
 * What adding these rows to the company would do, row by row: the sign-up checks of each row, duplicates within the
 * rows (numbers without a dial code in the company's default country), and the people who already exist (here, removed from here, or elsewhere with the same e-mail and phone).
 */
export async function classifyAccountRows(
  client: DbClient,
  companyId: string,
  callerRole: Role,
  rows: AccountRowsInput['users'],
): Promise<ClassifiedRow[]> {
  const { defaultCountry } = await client.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { defaultCountry: true },
  });
  const checked = await mapInSlices(rows, ROWS_PER_SLICE, (row, index) =>
    checkAccountRow(row, index, callerRole, defaultCountry),
  );
  markDuplicatesInFile(checked);
  const emails = [...new Set(checked.flatMap((row) => (row.email ? [row.email] : [])))];
  const phones = [...new Set(checked.flatMap((row) => (row.phone ? [row.phone] : [])))];
  const people = await client.user.findMany({
    where: { OR: [{ email: { in: emails } }, { phone: { in: phones } }] },
    select: { id: true, email: true, phone: true, memberships: { where: { companyId }, select: { deletedAt: true } } },
  });
  const byEmail = new Map(people.map((person) => [person.email, person]));
  const byPhone = new Map(people.flatMap((person) => (person.phone ? [[person.phone, person] as const] : [])));
  return checked.map((row) => classify(row, byEmail, byPhone));
}
