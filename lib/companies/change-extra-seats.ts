import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import { lockSeats } from './seats';
import { getSeats, SEAT_CHANGE_ACTION } from './get-seats';

export const MAX_EXTRA_SEATS = 100_000;

export const extraSeatsBody = z.object({ extraSeats: z.int().min(0).max(MAX_EXTRA_SEATS) });

/**
 * PUT /api/customer/seats: the owner (or a super admin) sets the extra seats of a paying company. Never fewer than the
 * members need (400 `seatsInUse`): removing seats does not remove people. Recorded with who and when; billing follows
 * outside the product. Members are locked meanwhile, so an addition cannot slip in between the count and the change.
 */
export async function changeExtraSeats(ctx: Ctx, input: z.output<typeof extraSeatsBody>) {
  return ctx.db.$transaction(async (tx) => {
    const seats = await lockSeats(tx, ctx.company.id);
    const company = await tx.company.findUniqueOrThrow({
      where: { id: ctx.company.id },
      select: { includedSeats: true, extraSeats: true },
    });
    const needed = Math.max(0, seats.used - company.includedSeats);
    if (input.extraSeats < needed) {
      throw ApiError.badRequest(
        `The company has ${seats.used} members, so it needs at least ${needed} extra seats`,
      ).with({ code: 'seatsInUse', minimum: needed });
    }
    if (input.extraSeats !== company.extraSeats) {
      await tx.company.update({ where: { id: ctx.company.id }, data: { extraSeats: input.extraSeats } });
      await recordAudit(tx, {
        companyId: ctx.company.id,
        actorId: ctx.userId,
        action: SEAT_CHANGE_ACTION,
        entityType: 'company',
        entityId: ctx.company.id,
        data: { from: company.extraSeats, to: input.extraSeats },
      });
    }
    return getSeats({ ...ctx, db: tx });
  });
}
