import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Channel } from '@/lib/generated/prisma/enums';
import { JOB_OPTIONS } from '@/lib/queue';

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
  /** The contact cycle's round (1: the alert's own send and its fallback SMS). */
  round: number;
}

/** One alert's receipts of a channel, fallback flag and round: what a delivery part sends. */
export type ReceiptGroup = Omit<ReceiptBatch, 'alertId'>;

/**
 * When a pending receipt may be taken: at once the first time; after a passing failure, once its pause is over (2 s, 4 s,
 * 8 s … after its 1st, 2nd, 3rd attempt: the delivery jobs' own backoff). The pause holds for every part of the group,
 * so a receipt is not tried again by a sibling part right after it failed.
 */
const dueAt = Prisma.sql`CASE WHEN attempts = 0 THEN "updatedAt"
  ELSE "updatedAt" + interval '1 millisecond' * ${JOB_OPTIONS.delivery.backoff.delay} * power(2, attempts - 1) END`;

/**
 * Takes up to `limit` pending receipts that are due (pending → processing). The conditional change is the guard of every
 * provider call: a receipt is taken by one worker once, so a retried, stalled or duplicated job — or another part of the
 * same group — cannot send it twice.
 */
export async function claimReceipts(
  db: DbClient,
  batch: ReceiptBatch,
  limit: number,
  at: Date,
): Promise<ClaimedReceipt[]> {
  return db.$queryRaw<ClaimedReceipt[]>`
    WITH picked AS (
      SELECT "userId" FROM "Receipt"
      WHERE "alertId" = ${batch.alertId}::uuid AND channel = ${batch.channel}::"Channel" AND fallback = ${batch.fallback} AND round = ${batch.round} AND state = 'pending'
        AND ${dueAt} <= ${at}
      ORDER BY "userId"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Receipt" r
    SET state = 'processing', attempts = r.attempts + 1, "claimedAt" = ${at}, "updatedAt" = ${at}
    FROM picked JOIN "User" u ON u.id = picked."userId"
    WHERE r."alertId" = ${batch.alertId}::uuid AND r."userId" = picked."userId" AND r.channel = ${batch.channel}::"Channel"
      AND r.fallback = ${batch.fallback} AND r.round = ${batch.round} AND r.state = 'pending'
    RETURNING r."userId", r.attempts, u.phone, u.locale`;
}

/**
 * Up to `limit` receipts a dead worker took and never finished (processing for longer than the lease): whether they went
 * out is in doubt. They are re-taken here (the lease starts again, and it counts as an attempt) for the caller to look up or
 * resend. `claimedAt` is when the receipt was first taken, not when it was last taken over: a worker killed while it
 * looked up or resent the receipt leaves it in doubt again, and the next lookup must still find a message the first
 * worker sent.
 */
export async function claimInDoubtReceipts(
  db: DbClient,
  batch: ReceiptBatch,
  leaseStart: Date,
  at: Date,
  limit: number,
): Promise<(ClaimedReceipt & { claimedAt: Date })[]> {
  return db.$queryRaw<(ClaimedReceipt & { claimedAt: Date })[]>`
    WITH stale AS (
      SELECT "userId", "updatedAt" FROM "Receipt"
      WHERE "alertId" = ${batch.alertId}::uuid AND channel = ${batch.channel}::"Channel" AND fallback = ${batch.fallback} AND round = ${batch.round}
        AND state = 'processing' AND "updatedAt" < ${leaseStart}
      ORDER BY "userId"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Receipt" r
    SET attempts = r.attempts + 1, "updatedAt" = ${at}
    FROM stale JOIN "User" u ON u.id = stale."userId"
    WHERE r."alertId" = ${batch.alertId}::uuid AND r."userId" = stale."userId" AND r.channel = ${batch.channel}::"Channel"
      AND r.fallback = ${batch.fallback} AND r.round = ${batch.round} AND r.state = 'processing'
    RETURNING r."userId", r.attempts, u.phone, u.locale, coalesce(r."claimedAt", stale."updatedAt") AS "claimedAt"`;
}

/** Renews the lease of taken receipts still being sent (a live part's are never in doubt, however slow its provider). */
export async function renewLease(db: DbClient, batch: ReceiptBatch, userIds: string[], at: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE "Receipt" SET "updatedAt" = ${at}
    WHERE "alertId" = ${batch.alertId}::uuid AND channel = ${batch.channel}::"Channel" AND fallback = ${batch.fallback} AND round = ${batch.round}
      AND "userId" = ANY(${userIds}::uuid[]) AND state = 'processing'`;
}

/** What a group has not settled yet: when its next pending receipt is due, and the oldest claim still processing. */
export async function unsettledReceipts(
  db: DbClient,
  batch: ReceiptBatch,
): Promise<{ nextDue: Date | null; oldestClaim: Date | null }> {
  const [row] = await db.$queryRaw<{ nextDue: Date | null; oldestClaim: Date | null }[]>`
    SELECT min(${dueAt}) FILTER (WHERE state = 'pending') AS "nextDue",
           min("updatedAt") FILTER (WHERE state = 'processing') AS "oldestClaim"
    FROM "Receipt"
    WHERE "alertId" = ${batch.alertId}::uuid AND channel = ${batch.channel}::"Channel" AND fallback = ${batch.fallback} AND round = ${batch.round}
      AND state IN ('pending', 'processing')`;
  return { nextDue: row?.nextDue ?? null, oldestClaim: row?.oldestClaim ?? null };
}
