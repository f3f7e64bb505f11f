import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';

export const companyIdParams = z.object({ id: z.uuid() });

/** The name of a company the user belongs to; any other id is "not found" (never revealing that it exists). */
export async function getCompanyName(ctx: UserCtx, input: z.output<typeof companyIdParams>) {
  const membership = await ctx.db.membership.findFirst({
    where: { userId: ctx.userId, companyId: input.id, deletedAt: null, company: { deletedAt: null } },
    select: { company: { select: { id: true, name: true } } },
  });
  if (!membership) throw ApiError.notFound('The company');
  return { customerId: membership.company.id, name: membership.company.name };
}
