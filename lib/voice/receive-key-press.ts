import twilio from 'twilio';
import { z } from 'zod';
import type { PublicCtx } from '@/lib/context';
import { publicUrl } from '@/lib/http/public-url';
import { firstQueryValue } from '@/lib/http/query-value';
import type { TwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { confirmByPhone } from '@/lib/receipts/confirm-by-phone';
import { alertCallTwiml, CONFIRM_DIGIT, confirmedCallTwiml } from './alert-call-twiml';
import { effectiveVoiceProfile } from './voice-profile';

const GATHER_PATH = '/api/webhooks/twilio/voice-gather';

/** The query of voiceGatherUrl: whose voice receipt the key press is for. */
export const keyPressQuery = z.object({ alertId: firstQueryValue, userId: firstQueryValue });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where Twilio posts the key pressed during the alert call to this person (their voice receipt). */
export function voiceGatherUrl(alertId: string, userId: string): string {
  return publicUrl(`${GATHER_PATH}?${new URLSearchParams({ alertId, userId }).toString()}`);
}

/**
 * The key the person pressed during an alert call (Twilio's <Gather> action, signed). "1" confirms receipt, like a
 * confirmation in the app, and the person hears that it was registered; another key reads the alert again. Answers the
 * call's TwiML.
 */
export async function receiveKeyPress(
  ctx: PublicCtx,
  input: TwilioWebhook & z.output<typeof keyPressQuery>,
): Promise<string> {
  const [alertId, userId] = [input.alertId ?? '', input.userId ?? ''];
  const receipt =
    UUID.test(alertId) && UUID.test(userId)
      ? await ctx.db.receipt.findUnique({
          where: { alertId_userId_channel_fallback: { alertId, userId, channel: 'voice', fallback: false } },
          select: { recipientId: true, alertId: true, userId: true },
        })
      : null;
  if (!receipt) return hangUp();
  const alert = await ctx.db.alert.findUniqueOrThrow({
    where: { id: receipt.alertId },
    select: { id: true, companyId: true, title: true, message: true },
  });
  const profile = await effectiveVoiceProfile(ctx.db, alert.companyId);
  if (input.form.Digits !== CONFIRM_DIGIT)
    return alertCallTwiml(profile, alert, voiceGatherUrl(receipt.alertId, receipt.userId));

  await confirmByPhone(
    ctx.db,
    ctx.now,
    { id: receipt.recipientId, alertId: alert.id, userId: receipt.userId, companyId: alert.companyId },
    'voice',
  );
  return confirmedCallTwiml(profile);
}

function hangUp(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}
