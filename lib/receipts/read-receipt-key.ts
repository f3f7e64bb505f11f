import { z } from 'zod';
import type { ReceiptKeyParts } from './receipt-key';

const keyQuery = z.object({
  alertId: z.uuid(),
  userId: z.uuid(),
  channel: z.enum(['push', 'sms', 'voice']),
  fallback: z.enum(['true', 'false']).transform((value) => value === 'true'),
});

/** The receipt key a provider callback URL carries (receiptKeyQuery), or null when it has none or a malformed one. */
export function readReceiptKey(url: string): ReceiptKeyParts | null {
  const parsed = keyQuery.safeParse(Object.fromEntries(new URL(url).searchParams));
  return parsed.success ? parsed.data : null;
}
