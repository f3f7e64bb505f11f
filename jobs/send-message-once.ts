import { UnrecoverableError, type Job } from 'bullmq';
import { env } from '@/lib/env';
import { addToSharedCounters } from '@/lib/metrics/shared-counters';
import { redis } from '@/lib/redis';

const SENT_MARK_SECONDS = 2 * 24 * 60 * 60;

/**
 * Runs `send` for a message job (e-mail, SMS) at most once. A job that stalls after the provider accepted the message (the worker
 * died before BullMQ recorded completion) runs again: the mark set right after acceptance keeps it from sending twice.
 * Failures `isPermanent` calls hopeless are not retried.
 */
export async function sendMessageOnce(
  job: Job,
  send: () => Promise<unknown>,
  isPermanent: (error: unknown) => boolean,
): Promise<void> {
  const sentMark = `${env.QUEUE_PREFIX}:${job.queueName}-sent:${job.id}:${job.timestamp}`;
  if (await redis().exists(sentMark)) return;
  try {
    await send();
  } catch (error) {
    await addToSharedCounters([{ counter: 'providerErrors', labels: { channel: job.queueName } }]);
    if (isPermanent(error))
      throw new UnrecoverableError(`the provider refused the message: ${(error as Error).message}`);
    throw error;
  }
  await redis().set(sentMark, '1', 'EX', SENT_MARK_SECONDS);
}
