import twilio from 'twilio';
import { z } from 'zod';
import type { PublicCtx } from '@/lib/context';
import { publicUrl } from '@/lib/http-parts/public-url';
import { firstQueryValue } from '@/lib/http-parts/query-value';
import type { TwilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { confirmByPhone } from '@/lib/receipts/confirm-by-phone';
import { alertCallTwiml, confirmedCallTwiml } from './alert-call-twiml';
import { effectiveVoiceProfile } from './voice-profile';
import { CONFIRM_DIGIT } from './voice-rules';

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
 * confirmation in the app: the person hears that it was registered and, when the company has a conference text, joins
 * the alert's conference room. Another key (or none: the call's first request) reads the alert again. Answers TwiML;
 * a repeated press confirms nothing twice.
 */
export async function receiveKeyPress(
  ctx: PublicCtx,
  input: TwilioWebhook & z.output<typeof keyPressQuery>,
): Promise<string> {
  const [alertId, userId] = [input.alertId ?? '', input.userId ?? ''];
  const receipt =
    UUID.test(alertId) && UUID.test(userId)
      ? await ctx.db.receipt.findFirst({
          // The alert's call, or a call of its contact cycle (each round's is a receipt of its own).
          where: { alertId, userId, channel: 'voice' },
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
  return confirmedCallTwiml(profile, alert.id);
}

function hangUp(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}
