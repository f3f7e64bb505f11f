import type { DbClient } from '@/lib/db';

/**
 * Removes the fallback SMS not taken yet of people who confirmed since it was added (app, SMS reply or key press set
 * AlertRecipient.receivedAt): the fallback job starts before the 2 minutes are over so that its last SMS goes out by
 * then, and someone whose app confirms meanwhile needs no SMS. Taken ones stay: they may already be at the provider.
 */
export async function dropConfirmedFallbacks(db: DbClient, alertId: string): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "Receipt" r
    USING "AlertRecipient" ar
    WHERE r."alertId" = ${alertId}::uuid AND r.channel = 'sms' AND r.fallback AND r.state = 'pending'
      AND ar."alertId" = r."alertId" AND ar."userId" = r."userId" AND ar."receivedAt" IS NOT NULL`;
}
