import { addToSharedCounters } from './shared-counters';

/** A fallback SMS job as BullMQ times it (ms since the epoch; `delay` in ms from when it was added). */
export interface FallbackJobTiming {
  timestamp: number;
  delay: number;
  processedOn?: number;
  attemptsMade: number;
}

/** Seconds the job started after it was due (0 when on time or early). */
export function fallbackLagSeconds({ timestamp, delay, processedOn }: FallbackJobTiming, now: number): number {
  return Math.max(0, ((processedOn ?? now) - (timestamp + delay)) / 1000);
}

/** Counts a fallback SMS job's first start and how late it was: the lag people wait past the 2 minutes. */
export async function countFallbackStart(job: FallbackJobTiming, now: number): Promise<void> {
  if (job.attemptsMade > 0) return;
  await addToSharedCounters([
    { counter: 'fallbackStarted', labels: {} },
    { counter: 'fallbackLagSeconds', labels: {}, by: fallbackLagSeconds(job, now) },
  ]);
}
