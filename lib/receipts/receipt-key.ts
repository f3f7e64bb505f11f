import type { Channel } from '@/lib/generated/prisma/enums';

/** A receipt's natural key (its primary key): one per alerted person, channel and fallback flag. */
export interface ReceiptKeyParts {
  alertId: string;
  userId: string;
  channel: Channel;
  fallback: boolean;
}

/** The key as one string: in push data, outbox rows and provider callback URLs. */
export function receiptKey({ alertId, userId, channel, fallback }: ReceiptKeyParts): string {
  return `${alertId}:${userId}:${channel}:${fallback ? 'fallback' : 'main'}`;
}

/** The key as URL query parameters (Twilio's status callback names the receipt, so it applies before the SID is stored). */
export function receiptKeyQuery({ alertId, userId, channel, fallback }: ReceiptKeyParts): string {
  return new URLSearchParams({ alertId, userId, channel, fallback: String(fallback) }).toString();
}
