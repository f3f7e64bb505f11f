import { z } from 'zod';
import type { OperatorCtx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { containsPattern } from '@/lib/text/contains-pattern';
import { pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { companyRows, companyView } from './company-for-operator';

export const listCompaniesQuery = pagingQuery(50).extend({
  /** Part of the company's name, any case. */
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
});

/**
 * Every company of the install (not deleted), by name, for its operators (GET /api/operator/companies): plan, seats in
 * use, features, suspension and last activity, a page at a time, with the number matching.
 */
export async function listCompanies(ctx: OperatorCtx, input: z.output<typeof listCompaniesQuery>) {
  const pattern = input.q ? containsPattern(input.q) : null;
  const matching = Prisma.sql`(${pattern}::text IS NULL OR c.name ILIKE ${pattern})`;
  const [rows, [{ total }]] = await Promise.all([
    companyRows(ctx.db, matching, pageWindow(input)),
    ctx.db.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM "Company" c WHERE c."deletedAt" IS NULL AND ${matching}`,
  ]);
  return { items: rows.map(companyView), page: input.page, pageSize: input.pageSize, total };
}
