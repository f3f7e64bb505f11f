import type { Ctx } from '@/lib/context';
import { findActiveMissions } from './active-missions';
import { missionView } from './mission-view';

/** The caller's own active mission in this company, for the app: also an overdue one, so that it can be finished. */
export async function getMyActiveMission(ctx: Ctx) {
  const [mission] = await findActiveMissions(ctx, ctx.userId);
  return { mission: mission ? await missionView(mission, ctx.now) : null };
}
