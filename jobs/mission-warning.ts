import { UnrecoverableError, type Job } from 'bullmq';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { sendMissionWarning } from '@/lib/missions/send-mission-warning';
import { missionWarningPayload } from '@/lib/queue';

/** The delayed job shortly before a mission's end time: warns its person unless the mission ended or its end moved. */
export async function missionWarningJob(job: Job): Promise<{ sent: number }> {
  const parsed = missionWarningPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid mission warning job: ${parsed.error.message}`);
  const result = await sendMissionWarning(db(), parsed.data, now());
  if (result.sent) logger.info('mission warning sent', { missionId: parsed.data.missionId, devices: result.sent });
  return result;
}
