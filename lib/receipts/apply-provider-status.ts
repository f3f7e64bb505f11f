import type { Db } from '@/lib/db';
import type { ReceiptState } from '@/lib/generated/prisma/enums';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { statesBefore } from './receipt-transitions';

/**
 * A provider's word on a message or call it was given (Twilio SID, FCM id): the receipt moves forward only, so a late,
 * repeated or out-of-order callback changes nothing. Returns how many receipts moved.
 */
export async function applyProviderStatus(db: Db, providerId: string, to: ReceiptState, at: Date, error: string | null = null): Promise<number> {
  const moved = await db.$queryRaw<{ alertId: string; companyId: string }[]>`
    UPDATE "Receipt"
    SET state = ${to}::"ReceiptState", "updatedAt" = ${at},
        "sentAt" = CASE WHEN ${to} IN ('sent', 'delivered') THEN coalesce("sentAt", ${at}) ELSE "sentAt" END,
        "deliveredAt" = CASE WHEN ${to} = 'delivered' THEN coalesce("deliveredAt", ${at}) ELSE "deliveredAt" END,
        error = CASE WHEN ${to} = 'failed' THEN ${error} ELSE error END
    WHERE "providerId" = ${providerId} AND state = ANY(${statesBefore(to)}::"ReceiptState"[])
    RETURNING "alertId", "companyId"`;
  for (const { alertId, companyId } of new Map(moved.map((row) => [row.alertId, row])).values()) {
    emitCompanyEvent('alertChanged', companyId, { alertId });
  }
  return moved.length;
}
