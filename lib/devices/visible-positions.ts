import { Prisma } from '@/lib/generated/prisma/client';

/** LastPosition's scope of the person's own reports (Position.companyId null). */
export const OWN_REPORTS_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * The positions a company may read (issue 32): those given to it (an answer to its positioning, a confirmation of its
 * alert, an SOS to it) and the person's own reports, never those given to another company.
 */
export function visiblePositionWhere(companyId: string): Prisma.PositionWhereInput {
  return { OR: [{ companyId }, { companyId: null }] };
}

/** The same in SQL, for `Position` rows under the alias `p`. */
export function visiblePositionSql(companyId: string): Prisma.Sql {
  return Prisma.sql`(p."companyId" IS NULL OR p."companyId" = ${companyId}::uuid)`;
}

/** A `LastPosition` row under `alias` is of the company's scope or the person's own reports. */
export function visibleLastPositionScopeSql(alias: string, companyId: string): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(alias)}."scopeKey" IN (${companyId}::uuid, ${OWN_REPORTS_SCOPE}::uuid)`;
}

/**
 * The `LastPosition` rows (alias `lp`) a company reads: of its scope or the person's own, and the newest of those for
 * their person and device (a person with an answer to this company and a newer report of their own has two rows).
 * The newer-row check is a primary-key probe per row, so a view's or area's index range stays the plan.
 */
export function newestVisibleLastPositionSql(companyId: string): Prisma.Sql {
  return Prisma.sql`${visibleLastPositionScopeSql('lp', companyId)}
    AND NOT EXISTS (
      SELECT 1 FROM "LastPosition" newer
      WHERE newer."userId" = lp."userId" AND newer."deviceKey" = lp."deviceKey"
        AND ${visibleLastPositionScopeSql('newer', companyId)} AND newer."scopeKey" <> lp."scopeKey"
        AND (newer."recordedAt", newer."positionId") > (lp."recordedAt", lp."positionId"))`;
}
