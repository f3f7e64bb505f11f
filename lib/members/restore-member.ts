import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { findMember, managedMember, type memberParams } from './find-member';
import { smsOptOutsOf } from '@/lib/sms-opt-out/sms-opt-outs';
import { memberView, memberViewSelect, restorableUntil } from './member-view';
import { assertSeatsFree, lockSeats } from '@/lib/companies/seats';

/**
 * PATCH /api/accounts/{id}/restore: brings back a removed member within the restore window, if a seat is free; 403
 * `managed` for a member the directory manages.
 */
export async function restoreMember(ctx: Ctx, input: z.output<typeof memberParams>) {
  const restored = await ctx.db.$transaction(async (tx) => {
    const seats = await lockSeats(tx, ctx.company.id);
    const member = await findMember(tx, ctx.company.id, input.userId, 'removed');
    // Entra ID brings back the people it removed (active=true), not the product.
    if (member.managed) throw managedMember();
    if (member.deletedAt && restorableUntil(member.deletedAt) < ctx.now) {
      throw new ApiError(410, ['This member was removed too long ago to be restored']).with({ code: 'restoreExpired' });
    }
    assertSeatsFree(seats, 1);
    return tx.membership.update({ where: { id: member.id }, data: { deletedAt: null }, select: memberViewSelect });
  });
  return memberView(restored, await smsOptOutsOf(ctx.db, [restored.user.phone]));
}
