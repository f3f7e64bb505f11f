import type { Ctx } from '@/lib/context';
import { findActiveMissions } from './active-missions';
import { missionView } from './mission-view';

/** The company's active missions (overdue ones included, marked), the one ending first on top. */
export async function listActiveMissions(ctx: Ctx) {
  const missions = await findActiveMissions(ctx);
  return { items: await Promise.all(missions.map((mission) => missionView(mission, ctx.now))) };
}
