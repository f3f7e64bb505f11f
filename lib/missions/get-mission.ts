import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { missionIdParams } from './finish-mission';
import { missionUser, missionView } from './mission-view';

/** GET /api/missions/{id}: one mission of the company (active or finished) for the admins' details screen. */
export async function getMission(ctx: Ctx, input: z.output<typeof missionIdParams>) {
  const mission = await ctx.db.mission.findFirst({
    where: { id: input.id, companyId: ctx.company.id },
    include: { user: missionUser },
  });
  if (!mission) throw ApiError.notFound('The mission');
  return missionView(mission, ctx.now);
}
