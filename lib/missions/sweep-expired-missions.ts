import type { Db } from '@/lib/db';
import { raiseMissionAlarm } from './raise-mission-alarm';

/**
 * Every minute (maintenance): the alarm of every mission past its end time and still going on, in case its delayed job
 * was lost or ran early. raiseMissionAlarm raises each alarm once, whoever gets there first. Answers how many it raised;
 * one mission that fails does not hold back the others' alarms (the run fails after them, naming it).
 */
export async function sweepExpiredMissions(client: Db, now: Date): Promise<number> {
  const due = await client.mission.findMany({
    where: { status: 'ongoing', endTime: { lte: now }, company: { deletedAt: null } },
    select: { id: true },
    orderBy: { endTime: 'asc' },
  });
  let raised = 0;
  const failures: unknown[] = [];
  for (const mission of due) {
    try {
      if (await raiseMissionAlarm(client, mission.id, now)) raised += 1;
    } catch (error) {
      failures.push(new Error(`mission ${mission.id}: ${(error as Error).message}`, { cause: error }));
    }
  }
  if (failures.length)
    throw new AggregateError(
      failures,
      `${failures.length} of ${due.length} mission alarms could not be raised (${raised} raised)`,
    );
  return raised;
}
