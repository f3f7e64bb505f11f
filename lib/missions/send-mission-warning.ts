import type { DbClient } from '@/lib/db';
import { pushCapableDevice } from '@/lib/devices/can-receive-push';
import { sendPush } from '@/lib/providers/push/send-push';

/**
 * Pushes the warning of a mission's end time to its person's devices that can receive push, if the mission is still
 * going on with that end time, still ahead: a job of an end time since moved, or of a finished or expired mission,
 * sends nothing. The job's id names the mission and end time, and it is queued only while its moment is ahead
 * (schedule-mission-alarm.ts), so one end time is warned of once; a job re-run after its worker died mid-send pushes
 * again with the same tag, which replaces the first notification. Answers how many devices' push services took it.
 */
export async function sendMissionWarning(
  db: DbClient,
  job: { missionId: string; endTime: string },
  now: Date,
): Promise<{ sent: number }> {
  const endTime = new Date(job.endTime);
  if (endTime <= now) return { sent: 0 };
  const mission = await db.mission.findFirst({
    where: { id: job.missionId, status: 'ongoing', endTime, company: { deletedAt: null } },
    select: { id: true, companyId: true, userId: true, endTime: true },
  });
  if (!mission) return { sent: 0 };
  const devices = await db.device.findMany({
    where: { userId: mission.userId, ...pushCapableDevice },
    select: { id: true, name: true, platform: true, pushToken: true, pushSubscription: true },
  });
  const missionWarning = {
    missionId: mission.id,
    companyId: mission.companyId,
    userId: mission.userId,
    endTime: mission.endTime.toISOString(),
  };
  const results = await sendPush(
    db,
    devices.map((device) => ({ device, missionWarning })),
  );
  return { sent: results.filter((result) => result.outcome === 'sent').length };
}
