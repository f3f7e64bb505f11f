import type { DbClient } from '@/lib/db';

/**
 * A job queued inside the transaction that writes what it works on can run before that transaction ends. The
 * transaction holds `key` (holdUntilCommit, before it queues the job); the job's waitForCommit with the same key
 * returns once it committed or rolled back, so the job then reads what is really there: no retry, no guessed delay.
 */
export async function holdUntilCommit(tx: DbClient, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}

/** Outside a transaction the lock is released as soon as it is taken: this only waits for the holder to end. */
export async function waitForCommit(db: DbClient, key: string): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}
