import { logger } from '@/lib/logger';
import { enqueue, MISSION_JOBS, unqueue } from '@/lib/queue';
import { missionWarningTime } from './mission-warning-time';

/**
 * Queues the alarm job of the mission's end time, due then, and the person's warning job, due shortly before
 * (mission-warning-time.ts; none when that moment has passed), and takes back both jobs of its previous end time when
 * it had one. Best effort after the committed change: without the new alarm job the minute sweep raises the alarm (at
 * most a minute late), and a previous job left behind finds the mission not yet due (raiseMissionAlarm) or its end
 * time moved (sendMissionWarning) and does nothing.
 */
export async function scheduleMissionAlarm(
  mission: { id: string; endTime: Date; startedAt: Date },
  now: Date,
  previousEndTime?: Date,
): Promise<void> {
  const job = { missionId: mission.id, endTime: mission.endTime.toISOString() };
  try {
    await enqueue(MISSION_JOBS.alarm, job, { delay: mission.endTime.getTime() - now.getTime() });
  } catch (error) {
    logger.error('could not schedule the mission alarm', { missionId: mission.id, error });
  }
  const warningAt = missionWarningTime(mission, now);
  try {
    if (warningAt) await enqueue(MISSION_JOBS.warning, job, { delay: warningAt.getTime() - now.getTime() });
  } catch (error) {
    logger.warn('could not schedule the mission warning', { missionId: mission.id, error });
  }
  if (!previousEndTime || previousEndTime.getTime() === mission.endTime.getTime()) return;
  const previous = { missionId: mission.id, endTime: previousEndTime.toISOString() };
  try {
    await unqueue(MISSION_JOBS.alarm, previous);
    await unqueue(MISSION_JOBS.warning, previous);
  } catch (error) {
    logger.warn('could not take back the previous mission alarm or warning job', { missionId: mission.id, error });
  }
}
