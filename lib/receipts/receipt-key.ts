import type { Channel } from '@/lib/generated/prisma/enums';

/** A receipt's natural key (its primary key): one per alerted person, channel, fallback flag and contact cycle round. */
export interface ReceiptKeyParts {
  alertId: string;
  userId: string;
  channel: Channel;
  fallback: boolean;
  /** The contact cycle's round (1: the alert's own send and its fallback SMS). */
  round: number;
}

/**
 * The key as one string: in push data, outbox rows and provider callback URLs. Round 1 is left out, so the keys of the
 * alert's own send and its fallback SMS are what they were before the contact cycle.
 */
export function receiptKey({ alertId, userId, channel, fallback, round }: ReceiptKeyParts): string {
  return `${alertId}:${userId}:${channel}:${fallback ? 'fallback' : 'main'}${round === 1 ? '' : `:${round}`}`;
}

/** The key as URL query parameters (Twilio's status callback names the receipt, so it applies before the SID is stored). */
export function receiptKeyQuery({ alertId, userId, channel, fallback, round }: ReceiptKeyParts): string {
  return new URLSearchParams({
    alertId,
    userId,
    channel,
    fallback: String(fallback),
    ...(round === 1 ? {} : { round: String(round) }),
  }).toString();
}
