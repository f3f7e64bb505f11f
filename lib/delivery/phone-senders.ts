import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { recordAlertMessages } from '@/lib/providers/outbox/record-alert-messages';
import { mapConcurrently } from '@/lib/map-concurrently';
import { receiptKey, type ReceiptKeyParts } from '@/lib/receipts/receipt-key';
import type { ChannelSender, InDoubtReceipt } from './channel-sender';
import type { ClaimedReceipt } from './claim-receipts';
import type { DeliveryAlert } from './load-delivery-alert';
import { noPhone, twilioFailure } from './provider-failure';
import type { SendOutcome } from './record-outcomes';

/** Twilio requests in flight at once per worker job. */
const TWILIO_CONCURRENCY = 20;
/** Clocks of Twilio and this server may differ a little: an in-doubt lookup looks this far before the claim. */
const CLOCK_SKEW_MS = 5_000;

type Reachable = ClaimedReceipt & { phone: string };

/** SMS or calls through Twilio, 20 requests at a time; people without a phone number fail at once. */
export function twilioSender(
  request: (claim: Reachable) => Promise<string>,
  find: (claim: Reachable, since: Date) => Promise<string | null>,
): ChannelSender {
  const sendOne = async (claim: ClaimedReceipt): Promise<SendOutcome> => {
    if (!claim.phone) return noPhone(claim.userId);
    try {
      return { userId: claim.userId, sent: true, providerId: await request(claim as Reachable) };
    } catch (error) {
      return twilioFailure(claim.userId, error);
    }
  };
  return {
    batchSize: 100,
    send: (claims) => mapConcurrently(claims, TWILIO_CONCURRENCY, sendOne),
    findSent: async (claim: InDoubtReceipt) =>
      claim.phone
        ? find(claim as Reachable & InDoubtReceipt, new Date(claim.claimedAt.getTime() - CLOCK_SKEW_MS))
        : null,
  };
}

/** SMS or calls recorded in the outbox (no Twilio configured): one row per receipt, so a resend records nothing new. */
export function outboxPhoneSender(
  db: DbClient,
  alert: DeliveryAlert,
  key: (userId: string) => ReceiptKeyParts,
  compose: (claim: Reachable) => Promise<{ body: string; payload: Prisma.InputJsonValue }>,
): ChannelSender {
  return {
    batchSize: 500,
    send: async (claims) => {
      const reachable = claims.filter((claim): claim is Reachable => Boolean(claim.phone));
      const messages = await Promise.all(
        reachable.map(async (claim) => ({
          deliveryKey: receiptKey(key(claim.userId)),
          alertId: alert.id,
          companyId: alert.companyId,
          channel: key(claim.userId).channel as 'sms' | 'voice',
          recipient: claim.phone,
          ...(await compose(claim)),
        })),
      );
      const recorded = await recordAlertMessages(db, messages);
      return claims.map((claim): SendOutcome => {
        if (!claim.phone) return noPhone(claim.userId);
        const id = recorded.get(receiptKey(key(claim.userId)));
        if (id) return { userId: claim.userId, sent: true, providerId: `outbox:${id}` };
        return { userId: claim.userId, sent: false, permanent: false, reason: 'outboxNotRecorded' };
      });
    },
    findSent: async () => null,
  };
}
