import { MISSION_JOBS, missionAlarmJobId, QUEUES, sharedQueue, type MissionAlarmPayload } from '@/jobs/queues';

/** A few retries for a database hiccup; the minute sweep raises the alarm anyway if every attempt fails. */
const MISSION_ALARM_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 60 * 60 },
} as const;

/**
 * Schedules the mission's alarm for its end time (`now` is the caller's clock). The job id is the mission's, so a second
 * call for the same mission adds nothing; the job itself raises the alarm only for a mission still going on.
 */
export async function enqueueMissionAlarm(mission: { id: string; endTime: Date }, now: Date): Promise<void> {
  const payload: MissionAlarmPayload = { missionId: mission.id };
  const delay = Math.max(0, mission.endTime.getTime() - now.getTime());
  await sharedQueue(QUEUES.missions).add(MISSION_JOBS.alarm, payload, { ...MISSION_ALARM_JOB_OPTIONS, delay, jobId: missionAlarmJobId(mission.id) });
}
