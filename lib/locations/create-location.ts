import type { Ctx } from '@/lib/context';
import { Reply } from '@/lib/http/route';
import type { LocationBody } from './location-body';
import { locationData } from './location-data';
import { locationView } from './location-view';

/** POST /api/locations → 201 Location. */
export async function createLocation(ctx: Ctx, input: LocationBody) {
  const location = await ctx.db.location.create({ data: { companyId: ctx.company.id, ...locationData(input) } });
  return new Reply(locationView(location), 201);
}
