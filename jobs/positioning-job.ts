import { UnrecoverableError, type Job } from 'bullmq';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { closePositioning } from '@/lib/positionings/close-positioning';
import { sendPositioningRequests } from '@/lib/positionings/send-positioning-requests';
import { POSITIONING_JOBS, positioningPayload } from '@/lib/queue';

/** A positioning job: the data pushes asking its devices, or the close of the unanswered ones at the answer time. */
export async function positioningJob(job: Job): Promise<void> {
  const parsed = positioningPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid positioning job: ${parsed.error.message}`);
  const { positioningId } = parsed.data;
  if (job.name === POSITIONING_JOBS.request) {
    const { asked } = await sendPositioningRequests(db(), positioningId, now());
    logger.info('positioning requests sent', { positioningId, asked });
  } else if (job.name === POSITIONING_JOBS.close) {
    if (await closePositioning(db(), positioningId, now())) logger.info('positioning closed', { positioningId });
  } else {
    throw new UnrecoverableError(`unknown positioning job ${job.name}`);
  }
}
