import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { hasLevel } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { Role } from '@/lib/generated/prisma/enums';
import { personName } from '@/lib/me/update-name';
import { mayGrantRole } from './account-row';
import {
  assertNotLastOwner,
  countOtherCompanies,
  findMember,
  isTopRole,
  managedMember,
  roleNotAllowed,
  type memberParams,
} from './find-member';
import { smsOptOutsOf } from '@/lib/sms-opt-out/sms-opt-outs';
import { memberView, memberViewSelect } from './member-view';
import { lockCompany } from '@/lib/companies/seats';

export const updateMemberBody = z.object({ name: personName.optional(), role: z.enum(Role).optional() });

type Member = Awaited<ReturnType<typeof findMember>>;

/**
 * PUT /api/accounts/{userId}: name and role of a member. A name only while the person has not set up an account
 * (an unaccepted invitation to this company only): afterwards it is theirs to change (spec §5).
 */
export async function updateMember(ctx: Ctx, input: z.output<typeof memberParams> & z.output<typeof updateMemberBody>) {
  const updated = await ctx.db.$transaction(async (tx) => {
    await lockCompany(tx, ctx.company.id);
    const member = await findMember(tx, ctx.company.id, input.userId, 'active');
    if (member.managed) throw managedMember();
    if (input.name !== undefined && input.name !== member.user.name) {
      await assertNameEditable(tx, ctx, member);
      await tx.user.update({ where: { id: member.user.id }, data: { name: input.name } });
    }
    if (input.role !== undefined && input.role !== member.role) {
      await assertRoleChangeAllowed(tx, ctx, member, input.role);
      await tx.membership.update({ where: { id: member.id }, data: { role: input.role } });
    }
    return tx.membership.findUniqueOrThrow({ where: { id: member.id }, select: memberViewSelect });
  });
  return memberView(updated, await smsOptOutsOf(ctx.db, [updated.user.phone]));
}

async function assertNameEditable(tx: Prisma.TransactionClient, ctx: Ctx, member: Member): Promise<void> {
  if (member.user.id === ctx.userId) return;
  const person = await tx.user.findUniqueOrThrow({ where: { id: member.user.id }, select: { passwordHash: true } });
  if (person.passwordHash === null && (await countOtherCompanies(tx, ctx.company.id, member.user.id)) === 0) return;
  throw ApiError.forbidden('Only the person can change their own name').with({ code: 'nameNotEditable' });
}

async function assertRoleChangeAllowed(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  member: Member,
  role: Role,
): Promise<void> {
  if (member.user.id === ctx.userId)
    throw ApiError.forbidden('You cannot change your own role').with({ code: 'ownRole' });
  if (!mayGrantRole(ctx.role, role)) throw roleNotAllowed(role);
  if (isTopRole(member.role) && !hasLevel(ctx.role, 'superAdmin')) throw roleNotAllowed(member.role);
  if (isTopRole(member.role) && !isTopRole(role)) await assertNotLastOwner(tx, ctx.company.id, member.user.id);
}
