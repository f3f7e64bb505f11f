import type { Job } from 'bullmq';
import { now } from '@/lib/clock';
import { db, type Db } from '@/lib/db';
import { logger } from '@/lib/logger';
import type { MaintenancePayload } from '@/lib/queue';

/** A periodic clean-up: an idempotent set operation, so a retried or duplicated run is harmless. Returns the rows it changed. */
type MaintenanceTask = (db: Db, now: Date) => Promise<number>;

/** The handler of a maintenance job: runs its task and logs what it changed. */
export function maintenanceRun(task: MaintenanceTask) {
  return async (_payload: MaintenancePayload, job: Job): Promise<{ affected: number }> => {
    const affected = await task(db(), now());
    if (affected > 0) logger.info('maintenance done', { job: job.name, affected });
    return { affected };
  };
}
