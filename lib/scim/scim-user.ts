import { z } from 'zod';
import { emailAddress } from '@/lib/auth/email-address';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { DirectoryNote } from '@/lib/directory/directory-note';
import { isSupportedDialCode, phoneNumberIn } from '@/lib/phone/phone-number';
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

/**
 * What a SCIM User sets of a managed member: the directory's values as sent (kept on the membership, answered back),
 * and what of them the product can use — an unusable value is left out with a note for the provisioning log, never
 * refused: Entra would retry a refused user for ever and the person would get no alerts at all.
 */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  /** The mail address: where e-mails go, what Microsoft sign-in matches. */
  email: string;
  name: string;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  /** The mobile number as the directory sent it, normalised when it could be read. */
  sentPhone: string | null;
  /** The mobile number the product can use (E.164, a supported dial code), or null. */
  phone: string | null;
  active: boolean;
  /** What could not be used, for the company's admins. */
  notes: DirectoryNote[];
}

const invalidValue = (detail: string) => scimError(400, 'invalidValue', detail);

function blankToNull(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

function typed(values: ScimUserBody['emails'], type: string) {
  return values?.find((one) => one.type?.toLowerCase() === type && one.value?.trim());
}

/**
 * The mail address: the work e-mail (Entra sends the user's mail there while userName is their UPN), else the
 * userName when it is an e-mail, else the primary e-mail, else the first.
 */
function emailOf(body: ScimUserBody): string {
  const candidates = [
    typed(body.emails, 'work')?.value,
    body.userName,
    body.emails?.find((one) => one.primary)?.value,
    body.emails?.[0]?.value,
  ];
  for (const candidate of candidates) {
    const parsed = emailAddress.safeParse(candidate ?? '');
    if (parsed.success) return parsed.data;
  }
  throw invalidValue('userName or a work e-mail must be an e-mail address');
}

/** A directory's name: any length up to the product's longest (Entra has no minimum; "Li" is a name). */
const directoryName = z.string().trim().min(1).max(100);

/** The name: name.formatted, else givenName and familyName, else displayName, else the e-mail's local part. */
function nameOf(body: ScimUserBody, email: string): string {
  const parts = [body.name?.givenName, body.name?.familyName].map(blankToNull).filter(Boolean).join(' ');
  const name =
    blankToNull(body.name?.formatted) ?? blankToNull(parts) ?? blankToNull(body.displayName) ?? email.split('@')[0];
  const parsed = directoryName.safeParse(name);
  return parsed.success ? parsed.data : name.trim().slice(0, 100);
}

/** The mobile number, normalised as everywhere in the product (a number without a dial code is the company's). */
function phoneOf(body: ScimUserBody, defaultCountry: string) {
  const mobile = typed(body.phoneNumbers, 'mobile')?.value?.trim();
  if (!mobile) return { sentPhone: null, phone: null, note: null };
  const parsed = phoneNumberIn(defaultCountry).safeParse(mobile);
  if (!parsed.success) {
    const note: DirectoryNote = { kind: 'mobileNotValid', value: mobile, country: defaultCountry };
    return { sentPhone: mobile, phone: null, note };
  }
  if (!isSupportedDialCode(parsed.data)) {
    const note: DirectoryNote = { kind: 'mobileDialCodeNotSupported', value: parsed.data };
    return { sentPhone: parsed.data, phone: null, note };
  }
  return { sentPhone: parsed.data, phone: parsed.data, note: null };
}

/** The member's fields of a SCIM User: only a userName and an e-mail are required (400 `invalidValue` otherwise). */
export function scimUserFields(body: ScimUserBody, defaultCountry: string): ScimUserFields {
  const email = emailOf(body);
  const { sentPhone, phone, note } = phoneOf(body, defaultCountry);
  return {
    userName: body.userName,
    externalId: blankToNull(body.externalId),
    email,
    name: nameOf(body, email),
    displayName: blankToNull(body.displayName),
    givenName: blankToNull(body.name?.givenName),
    familyName: blankToNull(body.name?.familyName),
    sentPhone,
    phone,
    active: body.active ?? true,
    notes: note ? [note] : [],
  };
}

/**
 * A managed member's SCIM values, all from the membership: the directory's own values, never the account's (a person's
 * own account may hold a name or number that another company's directory must not read).
 */
export const scimMemberSelect = {
  userId: true,
  externalId: true,
  directoryUserName: true,
  directoryName: true,
  directoryDisplayName: true,
  directoryGivenName: true,
  directoryFamilyName: true,
  directoryEmail: true,
  directoryPhone: true,
  directoryActive: true,
  createdAt: true,
  updatedAt: true,
} as const;
export type ScimMemberRow = Prisma.MembershipGetPayload<{ select: typeof scimMemberSelect }>;

/** A managed member as a SCIM User: the id is the person's user id, as in the product's member API. */
export function scimUserView(row: ScimMemberRow) {
  const name = row.directoryName ?? '';
  return {
    schemas: [USER_SCHEMA],
    id: row.userId,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.directoryUserName ?? row.directoryEmail ?? '',
    name: {
      formatted: name,
      ...(row.directoryGivenName ? { givenName: row.directoryGivenName } : {}),
      ...(row.directoryFamilyName ? { familyName: row.directoryFamilyName } : {}),
    },
    displayName: row.directoryDisplayName ?? name,
    active: row.directoryActive,
    emails: row.directoryEmail ? [{ value: row.directoryEmail, type: 'work', primary: true }] : [],
    ...(row.directoryPhone ? { phoneNumbers: [{ value: row.directoryPhone, type: 'mobile' }] } : {}),
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `/scim/v2/Users/${row.userId}`,
    },
  };
}

type ScimUserView = ReturnType<typeof scimUserView>;

/**
 * A patched User whose name parts changed while name.formatted did not (Entra patches name.givenName alone): its
 * formatted name is left out, so that the name is made anew from the parts.
 */
export function withNameFromParts(before: ScimUserView, after: ScimUserView): ScimUserView {
  const partsChanged =
    before.name.givenName !== after.name?.givenName || before.name.familyName !== after.name?.familyName;
  if (!partsChanged || before.name.formatted !== after.name?.formatted) return after;
  const { formatted: _formatted, ...name } = after.name;
  return { ...after, name: name as ScimUserView['name'] };
}

const NOTHING: Prisma.MembershipWhereInput = { id: { in: [] } };

/** The attributes GET /Users filters on (scim-filter.ts). */
export const USER_FILTER_ATTRIBUTES: FilterAttributes<Prisma.MembershipWhereInput> = {
  id: (value) => (isRowId(value) ? { userId: value } : NOTHING),
  username: (value) => ({ directoryUserName: { equals: value, mode: 'insensitive' } }),
  externalid: (value) => ({ externalId: value }),
  displayname: (value) => ({
    OR: [
      { directoryDisplayName: { equals: value, mode: 'insensitive' } },
      { directoryDisplayName: null, directoryName: { equals: value, mode: 'insensitive' } },
    ],
  }),
  'emails.value': (value) => ({ directoryEmail: { equals: value.trim(), mode: 'insensitive' } }),
  'emails.type': (value) => (value.toLowerCase() === 'work' ? {} : NOTHING),
  active: (value) => ({ directoryActive: value === 'true' }),
};
