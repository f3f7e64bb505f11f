import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { answerableOption } from '@/lib/answers/answerable-option';
import { keepAnswer } from '@/lib/answers/keep-answer';
import { MAX_RESPONSE_OPTIONS } from '@/lib/answers/response-options';
import type { PublicCtx } from '@/lib/context';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import { confirmByPhone } from './confirm-by-phone';
import { answerLinkParams, findLinkRecipient } from './read-answer-link';

export const answerByLinkParams = answerLinkParams;
export const answerByLinkBody = z.object({ option: z.int().min(1).max(MAX_RESPONSE_OPTIONS) });

/**
 * POST /api/answerLinks/{token}: a tap on the tap-to-answer page of an alert SMS answers the alert for the one recipient
 * the token names (channel link), and confirms receipt of their SMS; a later answer from any channel replaces it. No
 * session: the token (128 random bits, lib/answers/answer-link-token.ts) is the proof. 404 for a token that names
 * nobody, 409 once the alert is closed, 400 for a number that is none of its options; throttled per client address.
 */
export async function answerByLink(
  ctx: PublicCtx,
  input: z.output<typeof answerByLinkBody> & z.output<typeof answerByLinkParams>,
) {
  await takeAllowance([{ rule: THROTTLES.answerLinkTaps, subject: ctx.clientAddress }]);
  const recipient = await findLinkRecipient(ctx.db, input.token);
  if (!recipient?.inTarget) throw ApiError.notFound('The link');
  const chosen = answerableOption(recipient.alert, input.option);

  await keepAnswer(ctx.db, ctx.now, recipient, { option: input.option, kind: chosen.kind, channel: 'link' });
  // The link came by SMS: the answer confirms that SMS, and announces the change (alertChanged) to the company.
  await confirmByPhone(ctx.db, ctx.now, recipient, 'sms');
  return {
    option: input.option,
    kind: chosen.kind,
    label: chosen.label ?? null,
    channel: 'link' as const,
    answeredAt: ctx.now.toISOString(),
  };
}
