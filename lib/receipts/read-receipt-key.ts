import { z } from 'zod';
import { firstQueryValue } from '@/lib/http-parts/query-value';
import type { ReceiptKeyParts } from './receipt-key';

const keyQuery = z.object({
  alertId: z.uuid(),
  userId: z.uuid(),
  channel: z.enum(['push', 'sms', 'voice']),
  fallback: z.enum(['true', 'false']).transform((value) => value === 'true'),
  // Absent in the callbacks of round 1 (and of calls and SMS requested before the contact cycle).
  round: z.coerce.number().int().min(1).max(99).default(1),
});

/**
 * The query of a provider callback URL, as a route's `query`: `receiptKey` is the receipt key it carries
 * (receiptKeyQuery), or null when it has none or a malformed one.
 */
export const receiptKeyInQuery = z
  .object({
    alertId: firstQueryValue,
    userId: firstQueryValue,
    channel: firstQueryValue,
    fallback: firstQueryValue,
    round: firstQueryValue,
  })
  .transform((query): { receiptKey: ReceiptKeyParts | null } => ({
    receiptKey: keyQuery.safeParse(query).data ?? null,
  }));
