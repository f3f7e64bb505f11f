import type { Ctx } from '@/lib/context';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
import { findActiveMissions } from '@/lib/missions/active-missions';
import { isOverdue } from '@/lib/missions/mission-view';

/** The dashboard's missions part (spec §3, admins), what a new or finished mission changes: the active missions. */
export async function getDashMissions(ctx: Ctx) {
  const missions = await findActiveMissions(ctx);
  return {
    activeMissions: await Promise.all(
      missions.map(async (mission) => ({
        id: mission.id,
        endTime: mission.endTime.toISOString(),
        overdue: isOverdue(mission, ctx.now),
        user: { name: mission.user.name, profilePhoto: await profilePhotoUrl(mission.user.profilePhotoKey) },
      })),
    ),
    activeMissionsCount: missions.length,
  };
}

export type DashMissions = Awaited<ReturnType<typeof getDashMissions>>;
