import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import type { DirectoryNote } from '@/lib/directory/directory-note';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { endMembership } from '@/lib/members/end-membership';
import { inviteToCompany } from '@/lib/members/invite-to-company';
import { assertSeatsFree, lockSeats, type Seats } from '@/lib/companies/seats';
import { ApiError } from '@/lib/api-error';
import { auditDirectoryChange } from './audit-directory-change';
import { scimError } from './scim-error';
import { scimMemberSelect, scimUserView, type ScimUserFields } from './scim-user';

type Tx = Prisma.TransactionClient;
type Person = { id: string; email: string; phone: string | null; directoryCompanyId: string | null };
type MembershipRow = Prisma.MembershipGetPayload<object>;

const PERSON_SELECT = { id: true, email: true, phone: true, directoryCompanyId: true } as const;

/** 403 with the seat message when the company has no free seat: Entra shows the detail in its provisioning log. */
function assertSeatFree(seats: Seats): void {
  try {
    assertSeatsFree(seats, 1);
  } catch (error) {
    if (error instanceof ApiError) throw scimError(403, null, error.messages.join('; '));
    throw error;
  }
}

/** The userName is the directory's key of a user: unique among the company's managed members (the company's own data). */
async function assertUserNameFree(tx: Tx, ctx: DirectoryCtx, userName: string, exceptUserId: string | null) {
  const clash = await tx.membership.findFirst({
    where: {
      companyId: ctx.company.id,
      managed: true,
      directoryUserName: { equals: userName, mode: 'insensitive' },
      ...(exceptUserId ? { userId: { not: exceptUserId } } : {}),
    },
    select: { id: true },
  });
  if (clash) throw scimError(409, 'uniqueness', `A user with the userName ${JSON.stringify(userName)} already exists`);
}

async function companyLocale(tx: Tx, companyId: string) {
  const { language } = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { language: true } });
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** The account's values the directory may write: the usable ones, never a number or e-mail another account holds. */
async function accountValues(tx: Tx, fields: ScimUserFields, person: Person | null, notes: DirectoryNote[]) {
  let phone = fields.phone;
  if (phone && phone !== person?.phone) {
    const holder = await tx.user.findUnique({ where: { phone }, select: { id: true } });
    if (holder) {
      notes.push({ kind: 'mobileTaken', value: phone });
      phone = null;
    }
  }
  let email = fields.email;
  if (person && email !== person.email && (await tx.user.findUnique({ where: { email }, select: { id: true } }))) {
    notes.push({ kind: 'emailTaken', value: email, kept: person.email });
    email = person.email;
  }
  return { name: fields.name, email, phone };
}

/**
 * Writes a SCIM User to the company (POST, PUT and PATCH). The directory's values always go to the membership (answered
 * back as sent). The account — sign-in e-mail, name, phone, shared by every company of the person — is written only when
 * it is this directory's own (it made it, and no other company ever had the person: User.directoryCompanyId); a person
 * who has an account of their own gets an invitation to accept instead, and their account is never touched. `active`
 * is removal or restoration (seats checked, sessions ended as when an admin removes a member). `userId`: the User being
 * replaced; null creates one. `notes`: what could not be used, for the provisioning log.
 */
export async function saveScimUser(ctx: DirectoryCtx, fields: ScimUserFields, userId: string | null) {
  try {
    return await saveInTransaction(ctx, fields, userId);
  } catch (error) {
    // A person signed up, or was added, with the e-mail or number at the same moment: Entra retries later.
    if (isUniqueViolation(error)) throw scimError(409, null, 'The user changed while it was being saved: try again');
    throw error;
  }
}

async function saveInTransaction(ctx: DirectoryCtx, fields: ScimUserFields, userId: string | null) {
  return ctx.db.$transaction(async (tx) => {
    const seats = await lockSeats(tx, ctx.company.id);
    await assertUserNameFree(tx, ctx, fields.userName, userId);
    const person = userId
      ? await tx.user.findUniqueOrThrow({ where: { id: userId }, select: PERSON_SELECT })
      : await tx.user.findUnique({ where: { email: fields.email }, select: PERSON_SELECT });
    const membership = person
      ? await tx.membership.findUnique({
          where: { companyId_userId: { companyId: ctx.company.id, userId: person.id } },
        })
      : null;
    if (!userId && membership?.managed) {
      throw scimError(409, 'uniqueness', 'A user with this e-mail address already exists');
    }
    const ownAccount = person === null || person.directoryCompanyId === ctx.company.id;
    const pending = membership ? membership.invitedAt !== null : !ownAccount;
    const wasActive = membership !== null && membership.deletedAt === null;
    // An invitation takes a seat as a new member does, so that a full company's answer tells nothing of who exists.
    if (fields.active && !wasActive && !(pending && membership?.directoryActive)) assertSeatFree(seats);

    const notes = [...fields.notes];
    const saved = ownAccount ? await writeOwnAccount(tx, ctx, fields, person, notes) : (person as Person);
    const directoryData = {
      managed: true,
      externalId: fields.externalId,
      directoryUserName: fields.userName,
      directoryName: fields.name,
      directoryDisplayName: fields.displayName,
      directoryGivenName: fields.givenName,
      directoryFamilyName: fields.familyName,
      directoryEmail: fields.email,
      directoryPhone: fields.sentPhone,
      directoryActive: fields.active,
    };
    const row = membership
      ? await tx.membership.update({
          where: { id: membership.id },
          data: { ...directoryData, ...(fields.active && !wasActive && !pending ? { deletedAt: null } : {}) },
        })
      : await tx.membership.create({
          data: {
            companyId: ctx.company.id,
            userId: saved.id,
            role: 'user',
            ...directoryData,
            // A person's own account joins only when they accept: until then the membership is inactive.
            ...(pending ? { invitedAt: ctx.now, deletedAt: ctx.now } : {}),
          },
        });
    if (pending && fields.active && (!membership || !membership.directoryActive)) {
      await inviteToCompany(tx, { companyId: ctx.company.id, userId: saved.id, email: saved.email, now: ctx.now });
    }
    if (!pending && (wasActive || !membership) && !fields.active) await endMembership(tx, row, ctx.now);
    await auditProvisioning(tx, ctx, { userId, savedId: saved.id, fields, membership, wasActive, pending, notes });
    ctx.notes.push(...notes);
    const view = await tx.membership.findUniqueOrThrow({ where: { id: row.id }, select: scimMemberSelect });
    return scimUserView(view);
  });
}

/** Creates the directory's account, or writes the one it already has (never another's: see saveScimUser). */
async function writeOwnAccount(
  tx: Tx,
  ctx: DirectoryCtx,
  fields: ScimUserFields,
  person: Person | null,
  notes: DirectoryNote[],
) {
  const values = await accountValues(tx, fields, person, notes);
  if (person) return tx.user.update({ where: { id: person.id }, data: values, select: PERSON_SELECT });
  return tx.user.create({
    data: { ...values, locale: await companyLocale(tx, ctx.company.id), directoryCompanyId: ctx.company.id },
    select: PERSON_SELECT,
  });
}

async function auditProvisioning(
  tx: Tx,
  ctx: DirectoryCtx,
  change: {
    userId: string | null;
    savedId: string;
    fields: ScimUserFields;
    membership: MembershipRow | null;
    wasActive: boolean;
    pending: boolean;
    notes: DirectoryNote[];
  },
) {
  const { fields, membership, wasActive } = change;
  await auditDirectoryChange(tx, ctx, {
    action: change.userId ? 'directory.memberUpdated' : 'directory.memberProvisioned',
    entityType: 'member',
    entityId: change.savedId,
    data: {
      active: fields.active,
      ...(change.pending ? { invitationPending: true } : {}),
      ...(!change.pending && wasActive !== fields.active && membership ? { activeChanged: true } : {}),
      ...(change.notes.length ? { notes: change.notes } : {}),
    },
  });
}
