import type { DbClient } from '@/lib/db';

/**
 * Adds a pending fallback SMS receipt (spec §1) for each person the push did not reach: no confirmation yet (app, SMS
 * reply or key press all set AlertRecipient.receivedAt) and no SMS of the alert itself. `onlyFailedPush`: just those
 * whose push failed (no app, dead token) — they need not wait the 2 minutes. A person gets at most one fallback SMS.
 */
export async function addFallbackReceipts(
  db: DbClient,
  alertId: string,
  onlyFailedPush: boolean,
  at: Date,
): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, fallback, state, "createdAt", "updatedAt")
    SELECT r."alertId", r."companyId", r.id, r."userId", 'sms', true, 'pending', ${at}, ${at}
    FROM "AlertRecipient" r
    JOIN "Receipt" push ON push."alertId" = r."alertId" AND push."userId" = r."userId" AND push.channel = 'push' AND NOT push.fallback
    WHERE r."alertId" = ${alertId}::uuid AND r."inTarget" AND r."receivedAt" IS NULL
      AND push.state NOT IN ('received', 'seen')
      AND (NOT ${onlyFailedPush} OR push.state = 'failed')
      AND NOT EXISTS (
        SELECT 1 FROM "Receipt" sms
        WHERE sms."alertId" = r."alertId" AND sms."userId" = r."userId" AND sms.channel = 'sms' AND NOT sms.fallback)
    ON CONFLICT DO NOTHING`;
}
