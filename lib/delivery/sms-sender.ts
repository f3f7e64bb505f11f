import { answerLinkUrl } from '@/lib/answers/answer-link-token';
import { composeAlertSms } from '@/lib/answers/compose-alert-sms';
import type { DbClient } from '@/lib/db';
import { findAlertSms } from '@/lib/providers/twilio/find-alert-sms';
import { deliverSmsByTwilio } from '@/lib/providers/sms/deliver-by-twilio';
import { smsStatusCallbackUrl } from '@/lib/providers/twilio/sms-status-callback-url';
import { twilioConfigured } from '@/lib/providers/twilio/twilio-client';
import { receiptKeyQuery, type ReceiptKeyParts } from '@/lib/receipts/receipt-key';
import type { ChannelSender } from './channel-sender';
import type { DeliveryAlert } from './load-delivery-alert';
import type { ReceiptGroup } from './claim-receipts';
import { outboxPhoneSender, twilioSender } from './phone-senders';
import { receiptHoldCheck } from './receipt-hold-check';
import { skipOptedOutNumbers } from './skip-opted-out-numbers';
import { followUpCheck } from './unconfirmed-check';

/**
 * Alert SMS (the main ones or the fallback ones) in each person's language: Twilio when configured, else the outbox.
 * When the alert asks for an answer, each SMS carries the person's own tap-to-answer link (the same in every SMS). A
 * fallback SMS is checked once more right before it goes out: someone whose app confirmed meanwhile gets none. No SMS
 * goes to a number opted out of SMS (skipOptedOutNumbers).
 */
export function smsSender(db: DbClient, alert: DeliveryAlert, group: Omit<ReceiptGroup, 'channel'>): ChannelSender {
  return skipOptedOutNumbers(db, providerSmsSender(db, alert, group));
}

function providerSmsSender(
  db: DbClient,
  alert: DeliveryAlert,
  { fallback, round }: Omit<ReceiptGroup, 'channel'>,
): ChannelSender {
  const bodies = new Map<string, Promise<string>>();
  const bodyFor = async ({ locale, userId }: { locale: string; userId: string }) => {
    if (alert.responseOptions.length > 0)
      return composeAlertSms(alert, locale, await answerLinkUrl(db, alert.id, userId));
    if (!bodies.has(locale)) bodies.set(locale, composeAlertSms(alert, locale));
    return bodies.get(locale) as Promise<string>;
  };
  const key = (userId: string): ReceiptKeyParts => ({ alertId: alert.id, userId, channel: 'sms', fallback, round });
  const stillWanted = followUpCheck(db, alert.id, { fallback, round });

  if (!twilioConfigured()) {
    return outboxPhoneSender(
      db,
      alert,
      key,
      async (claim) => ({ body: await bodyFor(claim), payload: { userId: claim.userId, fallback } }),
      stillWanted,
    );
  }
  return twilioSender(
    async (claim) =>
      deliverSmsByTwilio({
        to: claim.phone,
        body: await bodyFor(claim),
        statusCallback: `${smsStatusCallbackUrl()}?${receiptKeyQuery(key(claim.userId))}`,
      }),
    async (claim, since) => findAlertSms({ to: claim.phone, body: await bodyFor(claim), since }),
    {
      paced: false,
      stillHeld: receiptHoldCheck(db, { alertId: alert.id, channel: 'sms', fallback, round }),
      stillWanted,
    },
  );
}
