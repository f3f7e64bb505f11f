import type { Ctx } from '@/lib/context';
import type { LocationBody } from './location-body';
import { locationData } from './location-data';
import { locationView } from './location-view';

/** POST /api/locations → Location. */
export async function createLocation(ctx: Ctx, input: LocationBody) {
  const location = await ctx.db.location.create({ data: { companyId: ctx.company.id, ...locationData(input) } });
  return locationView(location);
}
