import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { revokeSessions } from '@/lib/auth/revoke-sessions';
import { hasLevel } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import {
  assertNotLastOwner,
  countOtherCompanies,
  findMember,
  isTopRole,
  managedMember,
  roleNotAllowed,
  type memberParams,
} from './find-member';
import { lockCompany } from './seats';

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
    await tx.membership.update({ where: { id: member.id }, data: { deletedAt: ctx.now } });
    if ((await countOtherCompanies(tx, ctx.company.id, member.user.id)) === 0) {
      await revokeSessions(tx, { userId: member.user.id, now: ctx.now, reason: 'removedFromCompany' });
    }
  });
  return {};
}
