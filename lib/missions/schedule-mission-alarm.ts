import { logger } from '@/lib/logger';
import { enqueue, MISSION_JOBS, unqueue } from '@/lib/queue';

/**
 * Queues the alarm job of the mission's end time, due then, and takes back the job of its previous end time when it
 * had one. Best effort after the committed change: without the new job the minute sweep raises the alarm (at most a
 * minute late), and a previous job left behind finds the mission not yet due (raiseMissionAlarm) and does nothing.
 */
export async function scheduleMissionAlarm(
  mission: { id: string; endTime: Date },
  now: Date,
  previousEndTime?: Date,
): Promise<void> {
  try {
    await enqueue(
      MISSION_JOBS.alarm,
      { missionId: mission.id, endTime: mission.endTime.toISOString() },
      { delay: mission.endTime.getTime() - now.getTime() },
    );
  } catch (error) {
    logger.error('could not schedule the mission alarm', { missionId: mission.id, error });
  }
  if (!previousEndTime || previousEndTime.getTime() === mission.endTime.getTime()) return;
  try {
    await unqueue(MISSION_JOBS.alarm, { missionId: mission.id, endTime: previousEndTime.toISOString() });
  } catch (error) {
    logger.warn('could not take back the previous mission alarm job', { missionId: mission.id, error });
  }
}
