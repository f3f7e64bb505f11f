import { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import { companyName } from './company-name';
import { assertSignUpAllowed } from '@/lib/instance/assert-sign-up-allowed';
import { newCompanyColumns } from '@/lib/instance/new-company-columns';
import { isOperator } from '@/lib/auth/is-operator';

export const createCompanyBody = z.object({ name: companyName });

/**
 * A new company on the plan the install's operators chose for new companies (free unless they said otherwise); its
 * creator becomes the owner (POST /api/customer). Only as the install's sign-up policy allows, except for an operator.
 */
export async function createCompany(ctx: UserCtx, input: z.output<typeof createCompanyBody>) {
  const [user, session] = await Promise.all([
    ctx.db.user.findUniqueOrThrow({
      where: { id: ctx.userId },
      select: { locale: true, email: true, emailConfirmedAt: true, passwordHash: true, directoryCompanyId: true },
    }),
    ctx.db.session.findUniqueOrThrow({ where: { id: ctx.sessionId }, select: { kind: true, companyId: true } }),
  ]);
  await assertSignUpAllowed(ctx.db, user.email, isOperator(user, session));
  const company = await ctx.db.company.create({
    data: {
      name: input.name,
      language: user.locale,
      ...(await newCompanyColumns(ctx.db)),
      activatedAt: ctx.now,
      memberships: { create: { userId: ctx.userId, role: 'owner' } },
    },
  });
  return { customerId: company.id, customerName: company.name };
}
