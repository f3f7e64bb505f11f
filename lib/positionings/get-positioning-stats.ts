import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { findCompanyPositioning } from './get-positioning';
import type { positioningIdParams } from './positioning-body';
import { deviceStats, peopleStats } from './positioning-stats';

/** GET /api/positionings/{id}/stats/users and /stats/devices: how many people (or devices asked) are in each state. */
export async function getPositioningStats(
  ctx: Ctx,
  input: z.output<typeof positioningIdParams>,
  counted: 'users' | 'devices',
) {
  const positioning = await findCompanyPositioning(ctx, input.id);
  const stats = await (counted === 'users' ? peopleStats : deviceStats)(ctx.db, [positioning.id]);
  return stats.get(positioning.id)!;
}
