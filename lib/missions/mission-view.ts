import type { Mission, User } from '@/lib/generated/prisma/client';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';

export const missionUser = { select: { id: true, name: true, profilePhotoKey: true } } as const;

/** A person as missions show them: the mission's worker, a mission alarm subscriber. */
export async function missionPersonView(user: Pick<User, 'id' | 'name' | 'profilePhotoKey'>) {
  return { userId: user.id, name: user.name, profilePhoto: await profilePhotoUrl(user.profilePhotoKey) };
}

/** A mission not finished by its end time (whether or not its alarm has been raised yet): shown as overdue. */
export function isOverdue(mission: Pick<Mission, 'status' | 'endTime'>, now: Date): boolean {
  return mission.status !== 'finished' && mission.endTime <= now;
}

/** Spec §3 Mission (endTime, user) with its state and times. */
export async function missionView(
  mission: Mission & { user: Pick<User, 'id' | 'name' | 'profilePhotoKey'> },
  now: Date,
) {
  return {
    id: mission.id,
    user: await missionPersonView(mission.user),
    description: mission.description,
    status: mission.status,
    overdue: isOverdue(mission, now),
    deviceId: mission.deviceId,
    startedAt: mission.startedAt.toISOString(),
    endTime: mission.endTime.toISOString(),
    finishedAt: mission.finishedAt?.toISOString() ?? null,
    expiredAt: mission.expiredAt?.toISOString() ?? null,
  };
}
