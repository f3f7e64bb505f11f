import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { assertActiveMembers } from '@/lib/teams/assert-active-members';
import { getMissionSubscribers } from './get-mission-subscribers';

export const missionSubscribersBody = z.object({ subscriberIds: z.array(z.uuid()).max(1000) });

/**
 * Inside a transaction: the whole list of who gets the mission alarms, each an active member (else 400
 * `unknownMember`, nothing changed); an empty list sends them to every admin again.
 */
export async function replaceMissionSubscribersIn(
  tx: Prisma.TransactionClient,
  ctx: Pick<Ctx, 'company'>,
  subscriberIds: string[],
): Promise<void> {
  // Two replacements at once would otherwise leave the union of both lists.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mission-subscribers:${ctx.company.id}`}))`;
  const userIds = await assertActiveMembers(
    tx,
    ctx,
    subscriberIds.map((userId) => ({ userId })),
  );
  await tx.missionSubscriber.deleteMany({ where: { companyId: ctx.company.id } });
  await tx.missionSubscriber.createMany({ data: userIds.map((userId) => ({ companyId: ctx.company.id, userId })) });
}

/** PUT /api/missions/subscribers (see replaceMissionSubscribersIn), answered by name. */
export async function replaceMissionSubscribers(ctx: Ctx, input: z.output<typeof missionSubscribersBody>) {
  return ctx.db.$transaction(async (tx) => {
    await replaceMissionSubscribersIn(tx, ctx, input.subscriberIds);
    return getMissionSubscribers({ ...ctx, db: tx });
  });
}
