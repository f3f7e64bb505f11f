import { DelayedError, type Job } from 'bullmq';
import { now } from '@/lib/clock';
import { runContactStep } from '@/lib/contact-cycle/run-contact-step';
import { db } from '@/lib/db';
import type { ContactStepPayload } from '@/lib/queue';

/**
 * One step of an alert's contact cycle. A step still waiting for the earlier steps' messages comes back a little later,
 * without using an attempt.
 */
export async function contactStepJob({ alertId, step }: ContactStepPayload, job: Job, token?: string): Promise<void> {
  const end = await runContactStep(db(), alertId, step, now());
  if (end.kind === 'comeBack') {
    await job.moveToDelayed(end.at.getTime(), token);
    throw new DelayedError();
  }
}
