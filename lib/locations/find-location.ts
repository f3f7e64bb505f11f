import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';

/** A location of the current company; 404 for an unknown id or another company's. */
export async function findLocation(ctx: Ctx, id: string) {
  const location = await ctx.db.location.findFirst({ where: { id, companyId: ctx.company.id } });
  if (!location) throw ApiError.notFound('The location');
  return location;
}
