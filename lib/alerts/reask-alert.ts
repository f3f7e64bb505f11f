import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { alertIdParams } from './find-visible-alert';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import { loadDeliveryAlert } from '@/lib/delivery/load-delivery-alert';
import { startDeliveryParts } from '@/lib/delivery/start-delivery-parts';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Channel } from '@/lib/generated/prisma/enums';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { findManagedAlert } from './find-managed-alert';

/** An alert asks again at most this often: each time is a round of messages to everyone who has not answered. */
export const MAX_REASKS = 5;

/**
 * Who a channel of the alert can reach again: not someone it is known to fail for. Push: the alert's own push to them
 * did not fail (they have the app). SMS: a number, not opted out, and no SMS of this alert failed for it. Calls: a
 * number no call of this alert failed for.
 */
const REACHABLE: Record<Channel, Prisma.Sql> = {
  push: Prisma.sql`EXISTS (
    SELECT 1 FROM "Receipt" p
    WHERE p."alertId" = r."alertId" AND p."userId" = r."userId" AND p.channel = 'push' AND NOT p.fallback AND p.round = 1
      AND p.state <> 'failed')`,
  sms: Prisma.sql`u.phone IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "SmsOptOut" o WHERE o.phone = u.phone)
    AND NOT EXISTS (SELECT 1 FROM "Receipt" f WHERE f."alertId" = r."alertId" AND f."userId" = r."userId"
      AND f.channel = 'sms' AND f.state = 'failed')`,
  voice: Prisma.sql`u.phone IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Receipt" f WHERE f."alertId" = r."alertId"
      AND f."userId" = r."userId" AND f.channel = 'voice' AND f.state = 'failed')`,
};

/**
 * POST /api/alerts/{id}/reask (the sender and admins): asks the alert's question again of everyone it alerted who has
 * not answered yet, on the alert's channels that are not known to fail for them (REACHABLE), as one more round of the
 * alert's own messages (receipts of round 2, 3, ... without fallback: once per person, channel and re-ask, however
 * often a request is repeated or raced). Each message is checked once more right before it goes out: who answered
 * meanwhile gets none (delivery's followUpCheck). 409 once the alert is closed, when it asks nothing, or after
 * MAX_REASKS; 404 for an alert of another company.
 */
export async function reaskAlert(ctx: Ctx, input: z.output<typeof alertIdParams>) {
  const managed = await findManagedAlert(ctx, input.id);
  if (managed.status !== 'active') throw ApiError.conflict('The alert is closed').with({ code: 'alertClosed' });
  if (managed.options.length === 0)
    throw ApiError.conflict('The alert asks nothing: it has no response options').with({ code: 'noResponseOptions' });
  const alert = await loadDeliveryAlert(ctx.db, managed.id);
  if (!alert) throw ApiError.conflict('The alert is closed').with({ code: 'alertClosed' });

  const [{ last }] = await ctx.db.$queryRaw<{ last: number }[]>`
    SELECT coalesce(max(round), 1)::int AS last FROM "Receipt" WHERE "alertId" = ${alert.id}::uuid AND NOT fallback`;
  if (last > MAX_REASKS)
    throw ApiError.conflict(`The question was asked again ${MAX_REASKS} times already`).with({ code: 'reaskLimit' });
  const round = last + 1;

  const people = await ctx.db.$transaction(async (tx) => {
    for (const channel of alert.channels) {
      await tx.$executeRaw`
        INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, fallback, round, state, "createdAt", "updatedAt")
        SELECT r."alertId", r."companyId", r.id, r."userId", ${channel}::"Channel", false, ${round}, 'pending', ${ctx.now}, ${ctx.now}
        FROM "AlertRecipient" r JOIN "User" u ON u.id = r."userId"
        WHERE r."alertId" = ${alert.id}::uuid AND r."inTarget" AND r."answeredAt" IS NULL AND ${REACHABLE[channel]}
        ON CONFLICT DO NOTHING`;
    }
    const [{ count }] = await tx.$queryRaw<{ count: number }[]>`
      SELECT count(DISTINCT "userId")::int AS count FROM "Receipt" WHERE "alertId" = ${alert.id}::uuid AND round = ${round} AND NOT fallback`;
    await recordAudit(tx, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'alert.reasked',
      entityType: 'alert',
      entityId: alert.id,
      data: { round, people: count },
      createdAt: ctx.now,
    });
    return count;
  });
  await startDeliveryParts(
    ctx.db,
    alert,
    alert.channels.map((channel) => ({ channel, fallback: false, round })),
    'reask',
  );
  emitCompanyEvent('alertChanged', ctx.company.id, { alertId: alert.id });
  return { alertId: alert.id, round, reasks: round - 1, people };
}
