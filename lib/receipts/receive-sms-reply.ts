import twilio from 'twilio';
import type { PublicCtx } from '@/lib/context';
import type { TwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { receiveSmsKeyword } from '@/lib/sms-opt-out/receive-sms-keyword';
import { composeSms } from '@/lib/sms/compose-sms';
import { answerBySms } from './answer-by-sms';
import { confirmByPhone } from './confirm-by-phone';
import { isConfirmingReply } from './confirming-reply';

const MAX_COMMENT = 2000;

/**
 * Two-way SMS (Twilio's inbound message webhook, signed): a reply to an alert SMS confirms the newest active alert that
 * person got by SMS, like a confirmation in the app; any other text joins that alert's timeline as their comment, so
 * "I am trapped on floor 3" reaches the sender. Answers TwiML with a short reply in the person's language. A keyword (STOP,
 * START, HELP, ...) is no reply to an alert: receiveSmsKeyword applies it.
 */
export async function receiveSmsReply(ctx: PublicCtx, { form }: TwilioWebhook): Promise<string> {
  const keywordAnswer = await receiveSmsKeyword(ctx, form);
  if (keywordAnswer !== null) return keywordAnswer;
  const from = form.From ?? '';
  const text = (form.Body ?? '').trim();
  const user = from
    ? await ctx.db.user.findUnique({ where: { phone: from }, select: { id: true, locale: true } })
    : null;
  const recipient = user ? await newestSmsAlertOf(ctx, user.id) : null;
  if (!user || !text) return twiml(null);
  // Response options first: with them, "1" is option 1 (which confirms too), not only "OK".
  const answered = await answerBySms(ctx, { user, recipient, text, messageSid: form.MessageSid });
  if (answered !== null) return twiml(answered);
  if (!recipient) return twiml(null);

  if (isConfirmingReply(text)) {
    await confirmByPhone(ctx.db, ctx.now, recipient, 'sms');
  } else {
    // Twilio may deliver the same message twice (a retried webhook): its MessageSid adds the comment once.
    const { count } = await ctx.db.alertComment.createMany({
      data: {
        alertId: recipient.alertId,
        companyId: recipient.companyId,
        authorId: user.id,
        messageType: 'comment',
        message: text.slice(0, MAX_COMMENT),
        providerId: form.MessageSid || null,
        createdAt: ctx.now,
      },
      skipDuplicates: true,
    });
    if (count > 0) emitCompanyEvent('alertChanged', recipient.companyId, { alertId: recipient.alertId });
  }
  return twiml(await composeSms(isConfirmingReply(text) ? 'replyConfirmed' : 'replyAddedToAlert', user.locale));
}

/** The TwiML that answers the SMS with `reply`, or with nothing. */
function twiml(reply: string | null): string {
  const response = new twilio.twiml.MessagingResponse();
  if (reply) response.message(reply);
  return response.toString();
}

/** The person's newest active alert that reached them by SMS (its SMS left us), if any. */
async function newestSmsAlertOf(ctx: PublicCtx, userId: string) {
  const [recipient] = await ctx.db.$queryRaw<{ id: string; alertId: string; userId: string; companyId: string }[]>`
    SELECT r.id, r."alertId", r."userId", r."companyId"
    FROM "AlertRecipient" r JOIN "Alert" a ON a.id = r."alertId"
    WHERE r."userId" = ${userId}::uuid AND r."inTarget" AND a.status = 'active'
      AND EXISTS (SELECT 1 FROM "Receipt" rc WHERE rc."alertId" = r."alertId" AND rc."userId" = r."userId" AND rc.channel = 'sms' AND rc.state <> 'pending')
    ORDER BY r."createdAt" DESC
    LIMIT 1`;
  return recipient ?? null;
}
