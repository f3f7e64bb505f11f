import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { sendMissionWarning } from '@/lib/missions/send-mission-warning';
import type { MissionWarningPayload } from '@/lib/queue';

/** The delayed job shortly before a mission's end time: warns its person unless the mission ended or its end moved. */
export async function missionWarningJob(warning: MissionWarningPayload): Promise<{ sent: number }> {
  const result = await sendMissionWarning(db(), warning, now());
  if (result.sent) logger.info('mission warning sent', { missionId: warning.missionId, devices: result.sent });
  return result;
}
