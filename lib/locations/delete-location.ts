import type { Ctx } from '@/lib/context';
import { findLocation } from './find-location';

/** DELETE /api/locations/{id}. */
export async function deleteLocation(ctx: Ctx, input: { id: string }) {
  const { id } = await findLocation(ctx, input.id);
  await ctx.db.location.delete({ where: { id } });
  return {};
}
