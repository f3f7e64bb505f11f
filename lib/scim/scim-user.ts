import { z } from 'zod';
import { emailAddress } from '@/lib/auth/email-address';
import type { Prisma } from '@/lib/generated/prisma/client';
import { personName } from '@/lib/me/update-name';
import { dialCodeMessage, isSupportedDialCode, phoneNumberIn } from '@/lib/phone/phone-number';
import { scimError } from './scim-error';
import { type FilterAttributes } from './scim-filter';
import { isRowId, scimBoolean } from './scim-query';
import { USER_SCHEMA } from './scim-schemas';

const text = (max: number) => z.string().max(max).nullish();
const typedValues = z
  .array(z.looseObject({ value: z.string().max(254).nullish(), type: text(50), primary: scimBoolean.nullish() }))
  .max(20)
  .nullish();

/**
 * A SCIM User as POST, PUT and a PATCH's result give it. Other attributes (the enterprise extension, roles, addresses…)
 * are accepted and not kept.
 */
export const scimUserBody = z.looseObject({
  userName: z.string().trim().min(1).max(254),
  externalId: text(254),
  displayName: text(254),
  name: z.looseObject({ formatted: text(254), givenName: text(254), familyName: text(254) }).nullish(),
  active: scimBoolean.nullish(),
  emails: typedValues,
  phoneNumbers: typedValues,
});
export type ScimUserBody = z.output<typeof scimUserBody>;

/** What a SCIM User sets of a managed member. */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  email: string;
  name: string;
  givenName: string | null;
  familyName: string | null;
  phone: string | null;
  active: boolean;
}

const invalidValue = (detail: string) => scimError(400, 'invalidValue', detail);

function blankToNull(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

function typed(values: ScimUserBody['emails'], type: string) {
  return values?.find((one) => one.type?.toLowerCase() === type && one.value?.trim());
}

/** The e-mail: the userName when it is one, else the work e-mail, else the primary one, else the first. */
function emailOf(body: ScimUserBody): string {
  const candidates = [
    body.userName,
    typed(body.emails, 'work')?.value,
    body.emails?.find((one) => one.primary)?.value,
    body.emails?.[0]?.value,
  ];
  for (const candidate of candidates) {
    const parsed = emailAddress.safeParse(candidate ?? '');
    if (parsed.success) return parsed.data;
  }
  throw invalidValue('userName or a work e-mail must be an e-mail address');
}

/** The name: name.formatted, else givenName and familyName, else displayName. */
function nameOf(body: ScimUserBody): string {
  const parts = [body.name?.givenName, body.name?.familyName].map(blankToNull).filter(Boolean).join(' ');
  const name = blankToNull(body.name?.formatted) ?? (blankToNull(parts) || blankToNull(body.displayName));
  if (!name) throw invalidValue('name.formatted, name.givenName and name.familyName or displayName must be given');
  const parsed = personName.safeParse(name);
  if (!parsed.success) throw invalidValue('The name must be 3 to 100 characters long');
  return parsed.data;
}

/** The mobile number, normalised as everywhere in the product (a number without a dial code is the company's). */
function phoneOf(body: ScimUserBody, defaultCountry: string): string | null {
  const mobile = typed(body.phoneNumbers, 'mobile')?.value;
  if (!mobile?.trim()) return null;
  const parsed = phoneNumberIn(defaultCountry).safeParse(mobile);
  if (!parsed.success) throw invalidValue(`The mobile number ${JSON.stringify(mobile)} is not valid`);
  if (!isSupportedDialCode(parsed.data)) throw invalidValue(dialCodeMessage(parsed.data));
  return parsed.data;
}

/** The member's fields of a SCIM User, checked as the product checks people (400 `invalidValue`). */
export function scimUserFields(body: ScimUserBody, defaultCountry: string): ScimUserFields {
  return {
    userName: body.userName,
    externalId: blankToNull(body.externalId),
    email: emailOf(body),
    name: nameOf(body),
    givenName: blankToNull(body.name?.givenName),
    familyName: blankToNull(body.name?.familyName),
    phone: phoneOf(body, defaultCountry),
    active: body.active ?? true,
  };
}

export const scimMemberSelect = {
  userId: true,
  externalId: true,
  directoryUserName: true,
  directoryGivenName: true,
  directoryFamilyName: true,
  deletedAt: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { email: true, name: true, phone: true, updatedAt: true } },
} as const;
export type ScimMemberRow = Prisma.MembershipGetPayload<{ select: typeof scimMemberSelect }>;

const latest = (...dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

/** A managed member as a SCIM User: the id is the person's user id, as in the product's member API. */
export function scimUserView(row: ScimMemberRow) {
  return {
    schemas: [USER_SCHEMA],
    id: row.userId,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.directoryUserName ?? row.user.email,
    name: {
      formatted: row.user.name,
      ...(row.directoryGivenName ? { givenName: row.directoryGivenName } : {}),
      ...(row.directoryFamilyName ? { familyName: row.directoryFamilyName } : {}),
    },
    displayName: row.user.name,
    active: row.deletedAt === null,
    emails: [{ value: row.user.email, type: 'work', primary: true }],
    ...(row.user.phone ? { phoneNumbers: [{ value: row.user.phone, type: 'mobile' }] } : {}),
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: latest(row.updatedAt, row.user.updatedAt).toISOString(),
      location: `/scim/v2/Users/${row.userId}`,
    },
  };
}

/**
 * The User a PATCH applies to: the view, without name.formatted where the name parts make it, so that a change of
 * name.givenName or name.familyName changes the name.
 */
export function scimUserPatchBase(row: ScimMemberRow) {
  const view = scimUserView(row);
  const parts = [row.directoryGivenName, row.directoryFamilyName].filter(Boolean).join(' ');
  if (parts !== row.user.name) return view;
  const { formatted: _formatted, ...name } = view.name;
  return { ...view, name };
}

const NOTHING: Prisma.MembershipWhereInput = { id: { in: [] } };

/** The attributes GET /Users filters on (scim-filter.ts). */
export const USER_FILTER_ATTRIBUTES: FilterAttributes<Prisma.MembershipWhereInput> = {
  id: (value) => (isRowId(value) ? { userId: value } : NOTHING),
  username: (value) => ({ directoryUserName: { equals: value, mode: 'insensitive' } }),
  externalid: (value) => ({ externalId: value }),
  displayname: (value) => ({ user: { name: { equals: value, mode: 'insensitive' } } }),
  'emails.value': (value) => ({ user: { email: value.trim().toLowerCase() } }),
  'emails.type': (value) => (value.toLowerCase() === 'work' ? {} : NOTHING),
  active: (value) => (value === 'true' ? { deletedAt: null } : { deletedAt: { not: null } }),
};
