import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import type { OperatorCtx } from '@/lib/context';
import { Feature, Plan } from '@/lib/generated/prisma/enums';
import { findCompanyForOperator, type operatorCompanyParams } from './company-for-operator';

const seats = z.number().int().min(0).max(1_000_000);

export const changeCompanyPlanBody = z
  .object({
    plan: z.enum(Plan).optional(),
    /** Seats the plan includes (paying plans; the free plan has 5 whatever this says). */
    includedSeats: seats.optional(),
    extraSeats: seats.optional(),
    /** The company's whole set of feature flags. */
    features: z
      .array(z.enum(Feature))
      .max(Object.keys(Feature).length)
      .transform((features) => [...new Set(features)])
      .optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Give the plan, seats or features to change',
  });

type Input = z.output<typeof operatorCompanyParams> & z.output<typeof changeCompanyPlanBody>;

/**
 * An operator sets a company's plan, included and extra seats, and features (PUT /api/operator/companies/{id},
 * `npm run operator -- company`). Takes effect on the company's next request; audited with what it was before.
 */
export async function changeCompanyPlan(ctx: OperatorCtx, { id, ...change }: Input) {
  const before = await findCompanyForOperator(ctx.db, id);
  const previous = {
    plan: before.plan,
    includedSeats: before.includedSeats,
    extraSeats: before.extraSeats,
    features: before.features,
  };
  await ctx.db.$transaction([
    ctx.db.company.update({ where: { id }, data: change }),
    recordAudit(ctx.db, {
      companyId: id,
      actorId: ctx.userId,
      action: 'companyPlanChanged',
      entityType: 'Company',
      entityId: id,
      data: { before: previous, after: { ...previous, ...change } },
      createdAt: ctx.now,
    }),
  ]);
  return findCompanyForOperator(ctx.db, id);
}
