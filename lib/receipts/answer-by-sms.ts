import { smsOptionList } from '@/lib/answers/compose-alert-sms';
import { optionLabels } from '@/lib/answers/option-labels';
import { keepAnswer } from '@/lib/answers/keep-answer';
import type { AnsweringRecipient } from '@/lib/answers/record-answer';
import { optionNumbered, storedResponseOptions } from '@/lib/answers/response-options';
import type { PublicCtx } from '@/lib/context';
import { composeSms } from '@/lib/sms/compose-sms';
import { confirmByPhone } from './confirm-by-phone';

/** The number an SMS reply gives ("2", "2.", "#2 "), or null for any other text. */
export function repliedNumber(text: string): number | null {
  const match = /^#?\s*(\d{1,3})[.!\s]*$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

interface SmsAnswer {
  user: { id: string; locale: string };
  /** The person's newest active alert that reached them by SMS (receive-sms-reply.ts), if any. */
  recipient: AnsweringRecipient | null;
  text: string;
  messageSid: string | undefined;
}

/**
 * A reply to an alert SMS that listed response options: a number that is one of them answers (channel sms, once per
 * MessageSid) and confirms; a number that is none gets the valid ones back, never silence. A reply when the newest alert
 * that asked them by SMS has closed says so. Answers the reply's text, or null when the reply is none of these (today's
 * handling applies: OK confirms, other text is a comment).
 */
export async function answerBySms(
  ctx: PublicCtx,
  { user, recipient, text, messageSid }: SmsAnswer,
): Promise<string | null> {
  if (!recipient) {
    return (await newestSmsAlertClosedWithOptions(ctx, user.id)) ? composeSms('replyAlertClosed', user.locale) : null;
  }
  const number = repliedNumber(text);
  if (number === null) return null;
  const alert = await ctx.db.alert.findUnique({ where: { id: recipient.alertId }, select: { responseOptions: true } });
  const options = storedResponseOptions(alert?.responseOptions);
  if (options.length === 0) return null;
  const chosen = optionNumbered(options, number);
  if (!chosen)
    return composeSms('replyNotAnOption', user.locale, { options: await smsOptionList(options, user.locale) });

  const answer = { option: number, kind: chosen.kind, channel: 'sms' as const, providerId: messageSid || null };
  // Both are safe to repeat: a webhook delivered again after a failure half-way finishes what the first did not.
  await keepAnswer(ctx.db, ctx.now, recipient, answer);
  await confirmByPhone(ctx.db, ctx.now, recipient, 'sms');
  const [label] = await optionLabels([chosen], user.locale);
  return composeSms('replyAnswered', user.locale, { answer: label });
}

/** Whether the newest alert that reached the person by SMS is closed and had asked for an answer. */
async function newestSmsAlertClosedWithOptions(ctx: PublicCtx, userId: string): Promise<boolean> {
  const [newest] = await ctx.db.$queryRaw<{ closed: boolean }[]>`
    SELECT a.status = 'completed' AND jsonb_array_length(a."responseOptions") > 0 AS closed
    FROM "AlertRecipient" r JOIN "Alert" a ON a.id = r."alertId"
    WHERE r."userId" = ${userId}::uuid AND r."inTarget" AND a.status IN ('active', 'completed')
      AND EXISTS (SELECT 1 FROM "Receipt" rc WHERE rc."alertId" = r."alertId" AND rc."userId" = r."userId" AND rc.channel = 'sms' AND rc.state <> 'pending')
    ORDER BY r."createdAt" DESC
    LIMIT 1`;
  return newest?.closed ?? false;
}
