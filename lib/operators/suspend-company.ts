import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import type { OperatorCtx } from '@/lib/context';
import { findCompanyForOperator, type operatorCompanyParams } from './company-for-operator';

export const suspendCompanyBody = z
  .object({
    /** Why, kept with the suspension and shown to operators. */
    reason: z.string().trim().min(1).max(500),
  })
  .strict();

type Input = z.output<typeof operatorCompanyParams> & z.output<typeof suspendCompanyBody>;

/**
 * An operator suspends a company (PUT /api/operator/companies/{id}/suspension): from its next request its console,
 * devices' company calls, Flic buttons and directory are refused with a message naming whom to ask, and its live
 * connections end at their next check. Alerts already sent are still delivered. Audited.
 */
export async function suspendCompany(ctx: OperatorCtx, { id, reason }: Input) {
  await findCompanyForOperator(ctx.db, id);
  await ctx.db.$transaction([
    ctx.db.company.update({ where: { id }, data: { suspendedAt: ctx.now, suspendedReason: reason } }),
    recordAudit(ctx.db, {
      companyId: id,
      actorId: ctx.userId,
      action: 'companySuspended',
      entityType: 'Company',
      entityId: id,
      data: { reason },
      createdAt: ctx.now,
    }),
  ]);
  return findCompanyForOperator(ctx.db, id);
}
