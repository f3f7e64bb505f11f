import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { answerableOption } from '@/lib/answers/answerable-option';
import { keepAnswer } from '@/lib/answers/keep-answer';
import { MAX_RESPONSE_OPTIONS } from '@/lib/answers/response-options';
import { assertOwnDevice, confirmAlertBody, confirmAlertParams, confirmReceipt } from './confirm-alert';

export const answerAlertParams = confirmAlertParams;
export const answerAlertBody = confirmAlertBody.extend({ option: z.int().min(1).max(MAX_RESPONSE_OPTIONS) });

/**
 * POST /api/alerts/{id}/answer: a recipient answers the alert's response options from the app. The answer confirms
 * receipt too (as /received does); a later answer, from any channel, replaces it as their latest, and every answer is kept.
 * 404 for anyone the alert did not alert (another company's alert included), 409 once the alert is closed, 400 for a
 * number that is none of its options.
 */
export async function answerAlert(
  ctx: Ctx,
  input: z.output<typeof answerAlertBody> & z.output<typeof answerAlertParams>,
) {
  const recipient = await ctx.db.alertRecipient.findFirst({
    where: { alertId: input.id, userId: ctx.userId, companyId: ctx.company.id, inTarget: true },
    select: {
      id: true,
      alertId: true,
      userId: true,
      companyId: true,
      alert: { select: { status: true, responseOptions: true } },
    },
  });
  if (!recipient) throw ApiError.notFound('The alert');
  // Another person's device is unknown here whatever else is wrong (confirmReceipt checks it again, in passing).
  await assertOwnDevice(ctx, input.deviceId);
  const chosen = answerableOption(recipient.alert, input.option);

  const confirmed = await confirmReceipt(ctx, input, 'received');
  if (!confirmed) throw ApiError.notFound('The alert');
  await keepAnswer(ctx.db, ctx.now, recipient, { option: input.option, kind: chosen.kind, channel: 'app' });
  emitCompanyEvent('alertChanged', ctx.company.id, { alertId: input.id });
  return {
    alertId: input.id,
    option: input.option,
    kind: chosen.kind,
    label: chosen.label ?? null,
    channel: 'app' as const,
    answeredAt: ctx.now.toISOString(),
    receivedAt: confirmed.receivedAt.toISOString(),
  };
}
