import type { Mission, User } from '@/lib/generated/prisma/client';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';

export const missionUser = { select: { id: true, name: true, profilePhotoKey: true } } as const;

/** Spec §3 Mission (endTime, user) with its state and times. */
export async function missionView(mission: Mission & { user: Pick<User, 'id' | 'name' | 'profilePhotoKey'> }) {
  return {
    id: mission.id,
    user: {
      userId: mission.user.id,
      name: mission.user.name,
      profilePhoto: await profilePhotoUrl(mission.user.profilePhotoKey),
    },
    description: mission.description,
    status: mission.status,
    deviceId: mission.deviceId,
    startedAt: mission.startedAt.toISOString(),
    endTime: mission.endTime.toISOString(),
    finishedAt: mission.finishedAt?.toISOString() ?? null,
    expiredAt: mission.expiredAt?.toISOString() ?? null,
  };
}
