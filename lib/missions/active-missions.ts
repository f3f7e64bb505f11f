import type { Ctx } from '@/lib/context';
import type { MissionStatus } from '@/lib/generated/prisma/enums';
import { missionUser } from './mission-view';

/**
 * A mission is active until someone finishes it: an expired one (its alarm raised) stays active, overdue. The one
 * definition behind the admins' list, the dashboard, the navigation's count, the app's own mission and finishing.
 */
export const ACTIVE_MISSION_STATUSES: MissionStatus[] = ['ongoing', 'expired'];

/** The company's active missions (of one person when `userId` is given), the one ending first on top. */
export function findActiveMissions(ctx: Ctx, userId?: string) {
  return ctx.db.mission.findMany({
    where: { companyId: ctx.company.id, status: { in: ACTIVE_MISSION_STATUSES }, ...(userId ? { userId } : {}) },
    orderBy: { endTime: 'asc' },
    include: { user: missionUser },
  });
}
