import twilio from 'twilio';
import { z } from 'zod';
import { storedResponseOptions } from '@/lib/answers/response-options';
import type { PublicCtx } from '@/lib/context';
import { publicUrl } from '@/lib/http-parts/public-url';
import { firstQueryValue } from '@/lib/http-parts/query-value';
import type { TwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { confirmByPhone } from '@/lib/receipts/confirm-by-phone';
import { alertCallTwiml, confirmedCallTwiml } from './alert-call-twiml';
import { answerByKeyPress } from './answer-by-key-press';
import { effectiveVoiceProfile } from './voice-profile';
import { CONFIRM_DIGIT } from './voice-rules';

const GATHER_PATH = '/api/webhooks/twilio/voice-gather';
/** The most key presses one call answers (steps of the call's <Gather>s); a longer call hangs up. */
const MAX_STEP = 50;

/**
 * The query of voiceGatherUrl: whose voice receipt the key press is for, and (alerts with response options) which of
 * the call's <Gather>s it answers.
 */
export const keyPressQuery = z.object({ alertId: firstQueryValue, userId: firstQueryValue, step: firstQueryValue });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where Twilio posts the key pressed during the alert call to this person (their voice receipt); step 0: the call's start. */
export function voiceGatherUrl(alertId: string, userId: string, step = 0): string {
  const query = new URLSearchParams({ alertId, userId, ...(step > 0 ? { step: String(step) } : {}) });
  return publicUrl(`${GATHER_PATH}?${query.toString()}`);
}

/**
 * The key the person pressed during an alert call (Twilio's <Gather> action, signed). Without response options, "1"
 * confirms receipt, like a confirmation in the app: the person hears that it was registered and, when the company has a
 * conference text, joins the alert's conference room. Another key (or none: the call's first request) reads the alert
 * again; a repeated press confirms nothing twice. With response options, a key answers (answerByKeyPress). Answers TwiML.
 */
export async function receiveKeyPress(
  ctx: PublicCtx,
  input: TwilioWebhook & z.output<typeof keyPressQuery>,
): Promise<string> {
  const [alertId, userId] = [input.alertId ?? '', input.userId ?? ''];
  const step = /^\d{1,2}$/.test(input.step ?? '') ? Number(input.step) : 0;
  const receipt =
    UUID.test(alertId) && UUID.test(userId) && step <= MAX_STEP
      ? await ctx.db.receipt.findFirst({
          // The alert's call, or a call of its contact cycle (each round's is a receipt of its own).
          where: { alertId, userId, channel: 'voice' },
          select: { recipientId: true, alertId: true, userId: true },
        })
      : null;
  if (!receipt) return hangUp();
  const alert = await ctx.db.alert.findUniqueOrThrow({
    where: { id: receipt.alertId },
    select: { id: true, companyId: true, title: true, message: true, status: true, responseOptions: true },
  });
  const profile = await effectiveVoiceProfile(ctx.db, alert.companyId);
  const recipient = { id: receipt.recipientId, alertId: alert.id, userId: receipt.userId, companyId: alert.companyId };
  const options = storedResponseOptions(alert.responseOptions);
  if (options.length > 0) {
    return answerByKeyPress(ctx, {
      recipient,
      alert: { title: alert.title, message: alert.message, active: alert.status === 'active' },
      options,
      profile,
      digits: input.form.Digits ?? '',
      callSid: input.form.CallSid ?? '',
      step,
      nextGatherUrl: voiceGatherUrl(alert.id, receipt.userId, step + 1),
    });
  }
  if (input.form.Digits !== CONFIRM_DIGIT)
    return alertCallTwiml(profile, alert, voiceGatherUrl(receipt.alertId, receipt.userId));

  await confirmByPhone(ctx.db, ctx.now, recipient, 'voice');
  return confirmedCallTwiml(profile, alert.id);
}

function hangUp(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}
