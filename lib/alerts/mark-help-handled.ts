import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { alertIdParams } from './find-visible-alert';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { findManagedAlert } from './find-managed-alert';

export const MAX_HELP_NOTE = 1_000;

export const helpNeedParams = alertIdParams.extend({ userId: z.uuid() });
export const markHelpHandledBody = z.object({
  note: z
    .string()
    .trim()
    .max(MAX_HELP_NOTE)
    .nullish()
    .transform((note) => note || null),
});

/**
 * POST /api/alerts/{id}/help/{userId}: the sender or an admin marks a person's need of help handled, with an optional
 * note; who and when are kept (and audited) and every console sees it at once. 404 for a person the alert did not
 * alert; 409 when their latest answer is not "needs help" or the need is already handled (a conditional update: of two
 * people handling it at once one wins). A later "needs help" answer opens it again.
 */
export async function markHelpHandled(
  ctx: Ctx,
  input: z.output<typeof helpNeedParams> & z.output<typeof markHelpHandledBody>,
) {
  const alert = await findManagedAlert(ctx, input.id);
  const handled = await ctx.db.$transaction(async (tx) => {
    const count = await tx.$executeRaw`
      UPDATE "AlertRecipient"
      SET "helpHandledAt" = ${ctx.now}, "helpHandledById" = ${ctx.userId}::uuid, "helpNote" = ${input.note}
      WHERE "alertId" = ${alert.id}::uuid AND "userId" = ${input.userId}::uuid AND "answerKind" = 'needsHelp'
        AND ("helpHandledAt" IS NULL OR "helpHandledAt" < "answeredAt")`;
    if (count === 0) return false;
    await recordAudit(tx, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'alert.helpHandled',
      entityType: 'alert',
      entityId: alert.id,
      data: { userId: input.userId, note: input.note },
      createdAt: ctx.now,
    });
    return true;
  });
  if (!handled) {
    const recipient = await ctx.db.alertRecipient.findUnique({
      where: { alertId_userId: { alertId: alert.id, userId: input.userId } },
      select: { id: true },
    });
    if (!recipient) throw ApiError.notFound('The person');
    throw ApiError.conflict('This person does not need help now, or their need was handled already').with({
      code: 'helpNotOpen',
    });
  }
  emitCompanyEvent('alertChanged', ctx.company.id, { alertId: alert.id });
  const handler = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { name: true } });
  return {
    alertId: alert.id,
    userId: input.userId,
    handled: { at: ctx.now.toISOString(), byName: handler.name, note: input.note },
  };
}
