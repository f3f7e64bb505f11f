import type { DbClient } from '@/lib/db';
import type { Channel } from '@/lib/generated/prisma/enums';

/** A receipt this worker took for sending, with what the provider needs of its person. */
export interface ClaimedReceipt {
  userId: string;
  /** Sending attempts so far, this one included. */
  attempts: number;
  phone: string | null;
  locale: string;
}

export interface ReceiptBatch {
  alertId: string;
  channel: Channel;
  fallback: boolean;
}

/**
 * Takes up to `limit` pending receipts (pending → processing). The conditional change is the guard of every provider
 * call: a receipt is taken by one worker once, so a retried, stalled or duplicated job cannot send it twice. `skip`: people
 * whose receipt went back to pending in this run (a temporary failure), left for the job's next attempt.
 */
export async function claimReceipts(
  db: DbClient,
  batch: ReceiptBatch,
  limit: number,
  at: Date,
  skip: string[] = [],
): Promise<ClaimedReceipt[]> {
  return db.$queryRaw<ClaimedReceipt[]>`
    WITH picked AS (
      SELECT "userId" FROM "Receipt"
      WHERE "alertId" = ${batch.alertId}::uuid AND channel = ${batch.channel}::"Channel" AND fallback = ${batch.fallback} AND state = 'pending'
        AND NOT ("userId" = ANY(${skip}::uuid[]))
      ORDER BY "userId"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Receipt" r
    SET state = 'processing', attempts = r.attempts + 1, "claimedAt" = ${at}, "updatedAt" = ${at}
    FROM picked JOIN "User" u ON u.id = picked."userId"
    WHERE r."alertId" = ${batch.alertId}::uuid AND r."userId" = picked."userId" AND r.channel = ${batch.channel}::"Channel"
      AND r.fallback = ${batch.fallback} AND r.state = 'pending'
    RETURNING r."userId", r.attempts, u.phone, u.locale`;
}

/**
 * Receipts a dead worker took and never finished (processing for longer than the lease): whether they went out is in
 * doubt. They are re-taken here (the lease starts again, and it counts as an attempt) for the caller to look up or
 * resend. `claimedAt` is when the receipt was first taken, not when it was last taken over: a worker killed while it
 * looked up or resent the receipt leaves it in doubt again, and the next lookup must still find a message the first
 * worker sent.
 */
export async function claimInDoubtReceipts(
  db: DbClient,
  batch: ReceiptBatch,
  leaseStart: Date,
  at: Date,
): Promise<(ClaimedReceipt & { claimedAt: Date })[]> {
  return db.$queryRaw<(ClaimedReceipt & { claimedAt: Date })[]>`
    WITH stale AS (
      SELECT "userId", "updatedAt" FROM "Receipt"
      WHERE "alertId" = ${batch.alertId}::uuid AND channel = ${batch.channel}::"Channel" AND fallback = ${batch.fallback}
        AND state = 'processing' AND "updatedAt" < ${leaseStart}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Receipt" r
    SET attempts = r.attempts + 1, "updatedAt" = ${at}
    FROM stale JOIN "User" u ON u.id = stale."userId"
    WHERE r."alertId" = ${batch.alertId}::uuid AND r."userId" = stale."userId" AND r.channel = ${batch.channel}::"Channel"
      AND r.fallback = ${batch.fallback} AND r.state = 'processing'
    RETURNING r."userId", r.attempts, u.phone, u.locale, coalesce(r."claimedAt", stale."updatedAt") AS "claimedAt"`;
}

/** The earliest time a receipt still being sent by some worker was taken, if any (a retry waits for its lease to end). */
export async function oldestLiveClaim(db: DbClient, alertId: string, leaseStart: Date): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ oldest: Date | null }[]>`
    SELECT min("updatedAt") AS oldest FROM "Receipt"
    WHERE "alertId" = ${alertId}::uuid AND state = 'processing' AND "updatedAt" >= ${leaseStart}`;
  return row?.oldest ?? null;
}
