import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { maxUsers } from '@/lib/companies/max-users';
import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Feature, Plan } from '@/lib/generated/prisma/enums';

export const operatorCompanyParams = z.object({ id: z.uuid() });

/** A company as its operators see it: plan, seats, features, state and last activity. */
export interface CompanyRow {
  id: string;
  name: string;
  plan: Plan;
  includedSeats: number;
  extraSeats: number;
  features: Feature[];
  createdAt: Date;
  suspendedAt: Date | null;
  suspendedReason: string | null;
  seatsUsed: number;
  lastAlertAt: Date | null;
  lastSignInAt: Date | null;
}

export function companyView(row: CompanyRow) {
  const lastActivity = [row.lastAlertAt, row.lastSignInAt]
    .filter((time): time is Date => time !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    includedSeats: row.includedSeats,
    extraSeats: row.extraSeats,
    maxUsers: maxUsers(row),
    seatsUsed: row.seatsUsed,
    features: row.features,
    createdAt: row.createdAt.toISOString(),
    /** The latest alert sent or session used by one of its members. */
    lastActivityAt: lastActivity?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendedReason: row.suspendedReason,
  };
}

export type OperatorCompany = ReturnType<typeof companyView>;

/** The companies (not deleted) that `where` picks (on `c`), by name, with their seats in use and last activity. */
export function companyRows(db: DbClient, where: Prisma.Sql, window: { skip: number; take: number }) {
  return db.$queryRaw<CompanyRow[]>`
    SELECT c.id, c.name, c.plan, c."includedSeats", c."extraSeats", c.features::text[] AS features, c."createdAt",
           c."suspendedAt",
           c."suspendedReason",
           (SELECT count(*)::int FROM "Membership" m WHERE m."companyId" = c.id AND m."deletedAt" IS NULL) AS "seatsUsed",
           (SELECT max(a."sentAt") FROM "Alert" a WHERE a."companyId" = c.id) AS "lastAlertAt",
           (SELECT max(s."lastUsedAt") FROM "Session" s
              JOIN "Membership" m ON m."userId" = s."userId" AND m."companyId" = c.id AND m."deletedAt" IS NULL
           ) AS "lastSignInAt"
    FROM "Company" c
    WHERE c."deletedAt" IS NULL AND ${where}
    ORDER BY lower(c.name), c.id
    LIMIT ${window.take} OFFSET ${window.skip}`;
}

/** One company (not deleted) by id for an operator, or 404. */
export async function findCompanyForOperator(db: DbClient, id: string): Promise<OperatorCompany> {
  const [row] = await companyRows(db, Prisma.sql`c.id = ${id}::uuid`, { skip: 0, take: 1 });
  if (!row) throw ApiError.notFound('The company');
  return companyView(row);
}
