import { UnrecoverableError, type Job } from 'bullmq';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';

const SENT_MARK_SECONDS = 2 * 24 * 60 * 60;

/**
 * Runs `deliver` for a message job at most once. A job that stalls after the provider accepted the message (the worker
 * died before BullMQ recorded completion) runs again: the mark set right after acceptance keeps it from sending twice.
 * Failures `isPermanent` calls hopeless are not retried.
 */
export async function deliverOnce(job: Job, deliver: () => Promise<unknown>, isPermanent: (error: unknown) => boolean): Promise<void> {
  const sentMark = `${env.QUEUE_PREFIX}:${job.queueName}-sent:${job.id}:${job.timestamp}`;
  if (await redis().exists(sentMark)) return;
  try {
    await deliver();
  } catch (error) {
    if (isPermanent(error)) throw new UnrecoverableError(`the provider refused the message: ${(error as Error).message}`);
    throw error;
  }
  await redis().set(sentMark, '1', 'EX', SENT_MARK_SECONDS);
}
