import { setTimeout as sleep } from 'node:timers/promises';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { recordAlertMessages } from '@/lib/providers/outbox/record-alert-messages';
import { env } from '@/lib/env';
import { mapConcurrently } from '@/lib/map-concurrently';
import { callsPlaceableWithin, reserveCallSlot } from '@/lib/providers/twilio/call-pacing';
import { RequestNotWanted, withRequestGate } from '@/lib/providers/twilio/request-gate';
import { receiptKey, type ReceiptKeyParts } from '@/lib/receipts/receipt-key';
import type { ChannelSender, InDoubtReceipt } from './channel-sender';
import type { ClaimedReceipt } from './claim-receipts';
import { firstUnrecordedSid } from './first-unrecorded-sid';
import type { DeliveryAlert } from './load-delivery-alert';
import { noPhone, twilioFailure } from './provider-failure';
import type { HeldReceipt } from './receipt-hold-check';
import { unwanted, type SendOutcome } from './record-outcomes';
import { outboxProviderId } from '@/lib/providers/outbox/outbox-provider-id';

/** Clocks of Twilio and this server may differ a little: an in-doubt lookup looks this far before the claim. */
const CLOCK_SKEW_MS = 5_000;
/** Receipts per batch per request Twilio takes at once: a batch keeps the account's limit busy several rounds. */
const BATCH_ROUNDS = 10;
/** The part of the delivery lease within which a batch's paced calls are all requested; the rest is for the answers. */
const PACED_SHARE_OF_LEASE = 0.5;

type Reachable = ClaimedReceipt & { phone: string };

/** Asked right before a person's message goes out: false when it is no longer wanted (see unconfirmedCheck). */
export type StillWanted = (userId: string) => Promise<boolean>;

/** A request whose receipt another part took over as in doubt: that part sends it if it has to. */
class ReceiptTakenOver extends Error {}

/**
 * SMS or calls through Twilio (every request within the account's concurrency limit, shared by all workers: see
 * twilio-client); people without a phone number fail at once. `paced`: calls, requested at the account's calls per
 * second, and only as many taken as can be requested within the lease. Once each request holds its permit, right
 * before it goes out: `stillHeld` (receiptHoldCheck) — a receipt another part took over is neither requested nor
 * recorded here — then `stillWanted` — a message no longer wanted is not requested and its receipt is removed.
 */
export function twilioSender(
  request: (claim: Reachable) => Promise<string>,
  find: (claim: Reachable, since: Date) => Promise<string[]>,
  {
    paced,
    stillHeld,
    stillWanted,
  }: { paced: boolean; stillHeld: (receipt: HeldReceipt) => Promise<boolean>; stillWanted?: StillWanted },
): ChannelSender {
  const requestIfHeld = (claim: Reachable) =>
    withRequestGate(
      async () => {
        if (!(await stillHeld(claim))) throw new ReceiptTakenOver();
        return stillWanted ? stillWanted(claim.userId) : true;
      },
      () => request(claim),
    );
  const sendOne = async (claim: ClaimedReceipt): Promise<SendOutcome | null> => {
    if (!claim.phone) return noPhone(claim.userId);
    try {
      return { userId: claim.userId, sent: true, providerId: await requestIfHeld(claim as Reachable) };
    } catch (error) {
      if (error instanceof ReceiptTakenOver) return null;
      if (error instanceof RequestNotWanted) return unwanted(claim.userId);
      return twilioFailure(claim.userId, error);
    }
  };
  const heldOutcomes = (outcomes: (SendOutcome | null)[]) =>
    outcomes.filter((outcome): outcome is SendOutcome => outcome !== null);
  const concurrency = env.TWILIO_MAX_CONCURRENT_REQUESTS;
  const batchSize = concurrency * BATCH_ROUNDS;
  const pacedWithinMs = env.DELIVERY_LEASE_SECONDS * 1000 * PACED_SHARE_OF_LEASE;
  const findSent = async (claim: InDoubtReceipt) =>
    claim.phone
      ? firstUnrecordedSid(
          await find(claim as Reachable & InDoubtReceipt, new Date(claim.claimedAt.getTime() - CLOCK_SKEW_MS)),
        )
      : null;
  if (!paced)
    return {
      batchSize,
      send: async (claims) => heldOutcomes(await mapConcurrently(claims, concurrency, sendOne)),
      findSent,
    };
  return {
    // Without the claim loop asking takeNow: what the pace alone allows within the lease.
    batchSize: Math.min(batchSize, Math.floor(pacedWithinMs / (1000 / env.TWILIO_CALLS_PER_SECOND)) + 1),
    takeNow: () => callsPlaceableWithin(pacedWithinMs, batchSize),
    // One slot at a time, each reserved when the last call went out: a worker that stalls (a busy event loop) places
    // its next call a whole interval later, never a burst of overdue ones.
    send: async (claims) => {
      const outcomes: Promise<SendOutcome | null>[] = [];
      for (const claim of claims) {
        if (claim.phone) await sleep(await reserveCallSlot());
        outcomes.push(sendOne(claim));
      }
      return heldOutcomes(await Promise.all(outcomes));
    },
    findSent,
  };
}

/**
 * SMS or calls recorded in the outbox (no Twilio configured): one row per receipt, so a resend records nothing new.
 * `stillWanted`: asked for the whole batch right before it is recorded.
 */
export function outboxPhoneSender(
  db: DbClient,
  alert: DeliveryAlert,
  key: (userId: string) => ReceiptKeyParts,
  compose: (claim: Reachable) => Promise<{ body: string; payload: Prisma.InputJsonValue }>,
  stillWanted?: StillWanted,
): ChannelSender {
  return {
    batchSize: 500,
    send: async (claims) => {
      const answers = stillWanted ? await Promise.all(claims.map((claim) => stillWanted(claim.userId))) : [];
      const notWanted = new Set(claims.filter((_, index) => answers[index] === false).map((claim) => claim.userId));
      const reachable = claims.filter(
        (claim): claim is Reachable => Boolean(claim.phone) && !notWanted.has(claim.userId),
      );
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
        if (notWanted.has(claim.userId)) return unwanted(claim.userId);
        const id = recorded.get(receiptKey(key(claim.userId)));
        if (id) return { userId: claim.userId, sent: true, providerId: outboxProviderId(id) };
        return { userId: claim.userId, sent: false, permanent: false, reason: 'outboxNotRecorded' };
      });
    },
    findSent: async () => null,
  };
}
