import type { Job, Queue } from 'bullmq';

/** Waits until BullMQ is done with the job: completed jobs are removed (undefined), failed ones stay in the failed state. */
export async function settledJob(queue: Queue, jobId: string, timeoutMs = 30_000): Promise<Job | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob(jobId);
    if (!job) return job;
    // Read again once failed: the job read above may predate the failure (attemptsMade and failedReason not yet set).
    if (await job.isFailed()) return queue.getJob(jobId);
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${await job.getState()} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
