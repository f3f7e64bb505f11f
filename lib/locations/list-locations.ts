import type { Ctx } from '@/lib/context';
import { locationView } from './location-view';

/** The company's locations by name (GET /api/locations). */
export async function listLocations(ctx: Ctx) {
  const locations = await ctx.db.location.findMany({
    where: { companyId: ctx.company.id },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return { locations: locations.map(locationView) };
}
