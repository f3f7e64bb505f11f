import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { lastKnownPosition } from '@/lib/devices/last-known-position';
import { findMember } from '@/lib/members/find-member';

export const lastUserPositionParams = z.object({ id: z.uuid() });

/**
 * GET /api/missions/positions/last/user/{id}: where an active member of the company was last seen (its age is now
 * minus recordedAt), or null when they never sent a position; 404 for anyone else.
 */
export async function getLastUserPosition(ctx: Ctx, input: z.output<typeof lastUserPositionParams>) {
  await findMember(ctx.db, ctx.company.id, input.id, 'active');
  const position = await lastKnownPosition(ctx.db, ctx.company.id, input.id);
  return {
    position: position && {
      lat: position.lat,
      lng: position.lng,
      accuracy: position.accuracy,
      recordedAt: position.recordedAt.toISOString(),
      deviceName: position.deviceName,
    },
  };
}
