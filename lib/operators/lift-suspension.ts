import type { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import type { OperatorCtx } from '@/lib/context';
import { findCompanyForOperator, type operatorCompanyParams } from './company-for-operator';

/** An operator restores a suspended company (DELETE /api/operator/companies/{id}/suspension). Audited. */
export async function liftSuspension(ctx: OperatorCtx, { id }: z.output<typeof operatorCompanyParams>) {
  const company = await findCompanyForOperator(ctx.db, id);
  if (company.suspendedAt === null) return company;
  await ctx.db.$transaction([
    ctx.db.company.update({ where: { id }, data: { suspendedAt: null, suspendedReason: null } }),
    recordAudit(ctx.db, {
      companyId: id,
      actorId: ctx.userId,
      action: 'companyRestored',
      entityType: 'Company',
      entityId: id,
      data: { suspendedAt: company.suspendedAt, reason: company.suspendedReason },
      createdAt: ctx.now,
    }),
  ]);
  return findCompanyForOperator(ctx.db, id);
}
