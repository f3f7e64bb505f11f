import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { hasLevel } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import {
  assertNotLastOwner,
  findMember,
  isTopRole,
  managedMember,
  roleNotAllowed,
  type memberParams,
} from './find-member';
import { endMembership } from './end-membership';
import { lockCompany } from '@/lib/companies/seats';

/**
 * DELETE /api/accounts/{id}/soft-delete: removes a member, restorable for ~90 days. Their requests for the company
 * are refused from now on and their live connections end at the next re-check; a person left without any company
 * is also logged out everywhere.
 */
export async function softDeleteMember(ctx: Ctx, input: z.output<typeof memberParams>) {
  await ctx.db.$transaction(async (tx) => {
    await lockCompany(tx, ctx.company.id);
    const member = await findMember(tx, ctx.company.id, input.userId, 'active');
    if (member.managed) throw managedMember();
    if (member.user.id === ctx.userId) {
      throw ApiError.conflict('You cannot remove yourself here: delete your account from your profile').with({
        code: 'ownAccount',
      });
    }
    if (isTopRole(member.role)) {
      await assertNotLastOwner(tx, ctx.company.id, member.user.id);
      if (!hasLevel(ctx.role, 'superAdmin')) throw roleNotAllowed(member.role);
    }
    await endMembership(tx, { id: member.id, companyId: ctx.company.id, userId: member.user.id }, ctx.now);
  });
  return {};
}
