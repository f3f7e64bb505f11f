import type { DbClient } from '@/lib/db';
import { PUSH_REACHED_BEFORE } from '@/lib/delivery/add-reask-receipts';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ContactStep } from './contact-cycle-plan';

/** Who a step's channel can reach, besides not having confirmed or answered. */
const REACHABLE = {
  // Whose app the alert's own push did not fail for (a person without the app is left to SMS and calls).
  push: PUSH_REACHED_BEFORE,
  // A number not opted out of SMS (lib/sms-opt-out).
  sms: Prisma.sql`u.phone IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "SmsOptOut" o WHERE o.phone = u.phone)`,
  voice: Prisma.sql`u.phone IS NOT NULL`,
};

/**
 * Adds a pending receipt of the step (its channel, fallback = true, its round) for each person of the alert who has
 * neither confirmed nor answered by now and whom the channel can reach. Round 1's call skips who the alert itself
 * called. The receipt's key makes it once per person and step, however often this runs.
 */
export async function addStepReceipts(db: DbClient, alertId: string, step: ContactStep, at: Date): Promise<number> {
  const notCalledYet =
    step.channel === 'voice' && step.round === 1
      ? Prisma.sql`AND NOT EXISTS (
          SELECT 1 FROM "Receipt" v
          WHERE v."alertId" = r."alertId" AND v."userId" = r."userId" AND v.channel = 'voice' AND NOT v.fallback)`
      : Prisma.empty;
  return db.$executeRaw`
    INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, fallback, round, state, "createdAt", "updatedAt")
    SELECT r."alertId", r."companyId", r.id, r."userId", ${step.channel}::"Channel", true, ${step.round}, 'pending', ${at}, ${at}
    FROM "AlertRecipient" r JOIN "User" u ON u.id = r."userId"
    WHERE r."alertId" = ${alertId}::uuid AND r."inTarget" AND r."receivedAt" IS NULL AND r."answeredAt" IS NULL
      AND ${REACHABLE[step.channel]} ${notCalledYet}
    ON CONFLICT DO NOTHING`;
}
