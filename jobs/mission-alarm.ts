import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { raiseMissionAlarm } from '@/lib/missions/raise-mission-alarm';
import type { MissionAlarmPayload } from '@/lib/queue';

/** The delayed job at a mission's end time: raises its alarm unless it was finished (or already raised by the sweep). */
export async function missionAlarmJob({ missionId }: MissionAlarmPayload): Promise<{ alertId: string | null }> {
  const alertId = await raiseMissionAlarm(db(), missionId, now());
  if (alertId) logger.info('mission alarm raised', { missionId, alertId });
  return { alertId };
}
