/** How long before its end time a mission's person is warned. */
export const MISSION_WARNING_LEAD_MS = 10 * 60_000;

/**
 * When the person is warned that their mission is about to end: 10 minutes before its end time, or halfway through a
 * mission shorter than 20 minutes (a warning before the person even set off helps nobody). Its length runs from its
 * start, also after its end time moved. Null when that moment is not after `now`: the person just set the end time,
 * or it is too late to be of use.
 */
export function missionWarningTime(mission: { startedAt: Date; endTime: Date }, now: Date): Date | null {
  const length = mission.endTime.getTime() - mission.startedAt.getTime();
  const lead = length < 2 * MISSION_WARNING_LEAD_MS ? Math.floor(length / 2) : MISSION_WARNING_LEAD_MS;
  const at = mission.endTime.getTime() - lead;
  return at > now.getTime() ? new Date(at) : null;
}
