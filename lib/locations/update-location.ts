import type { Ctx } from '@/lib/context';
import { findLocation } from './find-location';
import type { LocationBody } from './location-body';
import { locationData } from './location-data';
import { locationView } from './location-view';

/** PUT /api/locations/{id}: new name and geofence. */
export async function updateLocation(ctx: Ctx, input: LocationBody & { id: string }) {
  const data = locationData(input);
  const { id } = await findLocation(ctx, input.id);
  return locationView(await ctx.db.location.update({ where: { id }, data }));
}
