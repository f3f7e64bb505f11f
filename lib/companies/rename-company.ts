import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { companyName } from './company-name';

export const renameCompanyBody = z.object({ name: companyName });

/** An admin renames the current company. */
export async function renameCompany(ctx: Ctx, input: z.output<typeof renameCompanyBody>) {
  const company = await ctx.db.company.update({
    where: { id: ctx.company.id },
    data: { name: input.name },
    select: { id: true, name: true },
  });
  return { customerId: company.id, name: company.name };
}
