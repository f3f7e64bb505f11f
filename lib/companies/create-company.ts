import { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import { companyName } from './company-name';
import { FREE_PLAN_MAX_USERS } from './max-users';

export const createCompanyBody = z.object({ name: companyName });

/** A new company on the free plan; its creator becomes the owner (POST /api/customer). */
export async function createCompany(ctx: UserCtx, input: z.output<typeof createCompanyBody>) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { locale: true } });
  const company = await ctx.db.company.create({
    data: {
      name: input.name,
      language: user.locale,
      plan: 'free',
      includedSeats: FREE_PLAN_MAX_USERS,
      activatedAt: ctx.now,
      memberships: { create: { userId: ctx.userId, role: 'owner' } },
    },
  });
  return { customerId: company.id, customerName: company.name };
}
