import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';

export const deleteCompanyBody = z.object({ customerNameVerification: z.string().trim().min(1).max(100) });

/** Closes the current company: the typed name must match. It disappears for everyone at once and is purged 30 days later. */
export async function deleteCompany(ctx: Ctx, input: z.output<typeof deleteCompanyBody>) {
  if (input.customerNameVerification !== ctx.company.name.trim()) {
    throw ApiError.badRequest('The company name you typed does not match').with({ code: 'verification' });
  }
  await ctx.db.company.update({ where: { id: ctx.company.id }, data: { deletedAt: ctx.now } });
  await recordAudit(ctx.db, {
    companyId: ctx.company.id,
    actorId: ctx.userId,
    action: 'company.deleted',
    entityType: 'company',
    entityId: ctx.company.id,
  });
  return {};
}
