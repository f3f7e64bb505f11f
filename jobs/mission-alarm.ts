import { UnrecoverableError, type Job } from 'bullmq';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { raiseMissionAlarm } from '@/lib/missions/raise-mission-alarm';
import { missionAlarmPayload } from '@/lib/queue';

/** The delayed job at a mission's end time: raises its alarm unless it was finished (or already raised by the sweep). */
export async function missionAlarmJob(job: Job): Promise<{ alertId: string | null }> {
  const parsed = missionAlarmPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid mission alarm job: ${parsed.error.message}`);
  const alertId = await raiseMissionAlarm(db(), parsed.data.missionId, now());
  if (alertId) logger.info('mission alarm raised', { missionId: parsed.data.missionId, alertId });
  return { alertId };
}
