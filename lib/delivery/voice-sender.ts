import type { Db } from '@/lib/db';
import { findAlertCalls } from '@/lib/providers/twilio/find-alert-call';
import { callStatusCallbackUrl, placeAlertCall } from '@/lib/providers/twilio/place-alert-call';
import { twilioConfigured } from '@/lib/providers/twilio/twilio-client';
import { voiceGatherUrl } from '@/lib/voice/receive-key-press';
import { effectiveVoiceProfile } from '@/lib/voice/voice-profile';
import { callAnnouncement } from '@/lib/voice/voice-rules';
import { receiptKeyQuery, type ReceiptKeyParts } from '@/lib/receipts/receipt-key';
import type { ChannelSender } from './channel-sender';
import type { DeliveryAlert } from './load-delivery-alert';
import type { ReceiptGroup } from './claim-receipts';
import { outboxPhoneSender, twilioSender } from './phone-senders';
import { receiptHoldCheck } from './receipt-hold-check';
import { followUpCheck } from './unconfirmed-check';

/**
 * Alert calls: Twilio reads the alert in the company's voice profile (TwiML from voiceGatherUrl); else the outbox. A
 * contact cycle's call (fallback = true) is checked once more right before it is placed: who confirmed or answered
 * meanwhile gets none.
 */
export function voiceSender(
  db: Db,
  alert: DeliveryAlert,
  { fallback, round }: Omit<ReceiptGroup, 'channel'>,
): ChannelSender {
  const key = (userId: string): ReceiptKeyParts => ({ alertId: alert.id, userId, channel: 'voice', fallback, round });
  const stillWanted = followUpCheck(db, alert.id, { fallback, round });

  if (!twilioConfigured()) {
    let profile: ReturnType<typeof effectiveVoiceProfile> | undefined;
    return outboxPhoneSender(
      db,
      alert,
      key,
      async (claim) => {
        const texts = await (profile ??= effectiveVoiceProfile(db, alert.companyId));
        return {
          body: callAnnouncement(texts, alert).join(' '),
          payload: { userId: claim.userId, voice: texts.voiceId, language: texts.language },
        };
      },
      stillWanted,
    );
  }
  return twilioSender(
    (claim) =>
      placeAlertCall({
        to: claim.phone,
        twimlUrl: voiceGatherUrl(alert.id, claim.userId),
        statusCallback: `${callStatusCallbackUrl()}?${receiptKeyQuery(key(claim.userId))}`,
      }),
    (claim, since) => findAlertCalls({ to: claim.phone, since }),
    {
      paced: true,
      stillHeld: receiptHoldCheck(db, { alertId: alert.id, channel: 'voice', fallback, round }),
      stillWanted,
    },
  );
}
