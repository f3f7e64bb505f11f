import type { Db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ReceiptState } from '@/lib/generated/prisma/enums';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import type { ReceiptKeyParts } from './receipt-key';
import { statesBefore } from './receipt-transitions';

/**
 * A provider's word on a message or call it was given (Twilio SID, FCM id): the receipt moves forward only, so a late,
 * repeated or out-of-order callback changes nothing. With the receipt's key (our callback URLs carry it) the callback
 * applies even when it comes before the worker stored the SID, and stores it. Returns how many receipts moved.
 */
export async function applyProviderStatus(
  db: Db,
  ref: { providerId: string; key?: ReceiptKeyParts | null },
  to: ReceiptState,
  at: Date,
  error: string | null = null,
): Promise<number> {
  const { key } = ref;
  const which = key
    ? Prisma.sql`"alertId" = ${key.alertId}::uuid AND "userId" = ${key.userId}::uuid AND channel = ${key.channel}::"Channel" AND fallback = ${key.fallback}
        AND round = ${key.round}
        AND ("providerId" IS NULL OR "providerId" = ${ref.providerId})`
    : Prisma.sql`"providerId" = ${ref.providerId}`;
  const moved = await db.$queryRaw<{ alertId: string; companyId: string }[]>`
    UPDATE "Receipt"
    SET state = ${to}::"ReceiptState", "updatedAt" = ${at}, "providerId" = ${ref.providerId},
        "sentAt" = CASE WHEN ${to} IN ('sent', 'delivered') THEN coalesce("sentAt", ${at}) ELSE "sentAt" END,
        "deliveredAt" = CASE WHEN ${to} = 'delivered' THEN coalesce("deliveredAt", ${at}) ELSE "deliveredAt" END,
        error = CASE WHEN ${to} = 'failed' THEN ${error} ELSE error END
    WHERE ${which} AND state = ANY(${statesBefore(to)}::"ReceiptState"[])
    RETURNING "alertId", "companyId"`;
  for (const { alertId, companyId } of new Map(moved.map((row) => [row.alertId, row])).values()) {
    emitCompanyEvent('alertChanged', companyId, { alertId });
  }
  return moved.length;
}
