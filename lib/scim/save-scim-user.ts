import type { DirectoryCtx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { endMembership } from '@/lib/members/end-membership';
import { countOtherCompanies } from '@/lib/members/find-member';
import { assertSeatsFree, lockSeats, type Seats } from '@/lib/members/seats';
import { ApiError } from '@/lib/api-error';
import { auditDirectoryChange } from './audit-directory-change';
import { scimError } from './scim-error';
import { scimMemberSelect, scimUserView, type ScimUserFields } from './scim-user';

type Tx = Prisma.TransactionClient;

const uniqueness = (detail: string) => scimError(409, 'uniqueness', detail);

/** 403 with the seat message when the company has no free seat: Entra shows the detail in its provisioning log. */
function assertSeatFree(seats: Seats): void {
  try {
    assertSeatsFree(seats, 1);
  } catch (error) {
    if (error instanceof ApiError) throw scimError(403, null, error.messages.join('; '));
    throw error;
  }
}

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
  if (clash) throw uniqueness(`A user with the userName ${JSON.stringify(userName)} already exists`);
}

async function assertPhoneFree(tx: Tx, phone: string | null, personId: string | null) {
  if (!phone) return;
  const holder = await tx.user.findUnique({ where: { phone }, select: { id: true } });
  if (holder && holder.id !== personId) throw uniqueness('The mobile number belongs to another person');
}

/** A new e-mail for a person: free, and the person in no other company (whose sign-in it would change). */
async function assertEmailChangeAllowed(tx: Tx, ctx: DirectoryCtx, userId: string, email: string) {
  if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
    throw uniqueness('The e-mail address belongs to another person');
  }
  if ((await countOtherCompanies(tx, ctx.company.id, userId)) > 0) {
    throw scimError(400, 'mutability', 'This person also belongs to another company: their e-mail cannot change here');
  }
}

async function companyLocale(tx: Tx, companyId: string) {
  const { language } = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { language: true } });
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/**
 * Writes a SCIM User to the company (POST, PUT and PATCH): the person (found by e-mail, else created), their
 * membership marked managed with the directory's userName and name parts, `active` as removal or restoration (seats
 * checked, sessions ended as when an admin removes a member). `userId`: the User being replaced; null creates one.
 */
export async function saveScimUser(ctx: DirectoryCtx, fields: ScimUserFields, userId: string | null) {
  return ctx.db.$transaction(async (tx) => {
    const seats = await lockSeats(tx, ctx.company.id);
    await assertUserNameFree(tx, ctx, fields.userName, userId);
    const person = userId
      ? await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true } })
      : await tx.user.findUnique({ where: { email: fields.email }, select: { id: true, email: true } });
    const membership = person
      ? await tx.membership.findUnique({
          where: { companyId_userId: { companyId: ctx.company.id, userId: person.id } },
        })
      : null;
    if (!userId && membership?.managed) throw uniqueness('A user with this e-mail address already exists');
    if (person && person.email !== fields.email) await assertEmailChangeAllowed(tx, ctx, person.id, fields.email);
    await assertPhoneFree(tx, fields.phone, person?.id ?? null);
    const wasActive = membership !== null && membership.deletedAt === null;
    if (fields.active && !wasActive) assertSeatFree(seats);

    const personData = { name: fields.name, email: fields.email, phone: fields.phone };
    const saved = person
      ? await tx.user.update({ where: { id: person.id }, data: personData, select: { id: true } })
      : await tx.user.create({
          data: { ...personData, locale: await companyLocale(tx, ctx.company.id) },
          select: { id: true },
        });
    const directoryData = {
      managed: true,
      externalId: fields.externalId,
      directoryUserName: fields.userName,
      directoryGivenName: fields.givenName,
      directoryFamilyName: fields.familyName,
    };
    const row = membership
      ? await tx.membership.update({
          where: { id: membership.id },
          data: { ...directoryData, ...(fields.active && !wasActive ? { deletedAt: null } : {}) },
        })
      : await tx.membership.create({
          data: { companyId: ctx.company.id, userId: saved.id, role: 'user', ...directoryData },
        });
    if (wasActive || !membership) {
      if (!fields.active) await endMembership(tx, row, ctx.now);
    }
    await auditDirectoryChange(tx, ctx, {
      action: userId ? 'directory.memberUpdated' : 'directory.memberProvisioned',
      entityType: 'member',
      entityId: saved.id,
      data: { active: fields.active, ...(wasActive !== fields.active && membership ? { activeChanged: true } : {}) },
    });
    const view = await tx.membership.findUniqueOrThrow({ where: { id: row.id }, select: scimMemberSelect });
    return scimUserView(view);
  });
}
