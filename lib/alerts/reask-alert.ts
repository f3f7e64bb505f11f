import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { alertIdParams } from './find-visible-alert';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import { addReaskReceipts, nextReaskRound } from '@/lib/delivery/add-reask-receipts';
import { loadDeliveryAlert } from '@/lib/delivery/load-delivery-alert';
import { startDeliveryParts } from '@/lib/delivery/start-delivery-parts';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { findManagedAlert } from './find-managed-alert';

/** An alert asks again at most this often: each time is a round of messages to everyone who has not answered. */
export const MAX_REASKS = 5;

/**
 * POST /api/alerts/{id}/reask (the sender and admins): asks the alert's question again of everyone it alerted who has
 * not answered yet, on the alert's channels that are not known to fail for them (add-reask-receipts.ts), as one more round of the
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

  const round = await nextReaskRound(ctx.db, alert.id);
  if (round > MAX_REASKS + 1)
    throw ApiError.conflict(`The question was asked again ${MAX_REASKS} times already`).with({ code: 'reaskLimit' });

  const people = await ctx.db.$transaction(async (tx) => {
    const count = await addReaskReceipts(tx, alert, round, ctx.now);
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
