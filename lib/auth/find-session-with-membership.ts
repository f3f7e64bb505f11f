import type { CompanyContext } from '@/lib/context';
import type { Db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Feature, Plan, Role, SessionKind } from '@/lib/generated/prisma/enums';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which membership a request asks for: the CustomerId company, and whether the first company stands in without one. */
export interface MembershipWanted {
  customerId: string | null;
  /** When the CustomerId company is not given, not a company id or not one of the user's: the user's first company. */
  orFirst: boolean;
}

export interface SessionRow {
  id: string;
  userId: string;
  extended: boolean;
  kind: SessionKind;
  createdAt: Date;
  lastUsedAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  userAgent: string | null;
  /** The one company a session opened through that company's identity provider may use; null: any of the user's. */
  companyId: string | null;
}

export interface FoundMembership {
  company: CompanyContext;
  role: Role;
  /** The install's operators suspended the company: its company routes are refused (issue 35). */
  suspended: boolean;
}

/** A membership as the query builds it (json_build_object): enums arrive as their names. */
interface MembershipJson {
  role: Role;
  id: string;
  name: string;
  plan: Plan;
  features: Feature[];
  suspended: boolean;
}

/** A device session acts with a member's rights whatever the person's role: a lost phone never opens the admin side. */
const membershipOf = (found: MembershipJson | null, kind: SessionKind): FoundMembership | null =>
  found && {
    role: kind === 'device' ? 'user' : found.role,
    company: { id: found.id, name: found.name, plan: found.plan, features: found.features },
    suspended: found.suspended,
  };

/**
 * The session's (alias `s`) user's active membership of a company that is not deleted and that the session may open
 * (a session of one company's sign-in opens that one only), as MembershipJson (add conditions on `m`).
 */
export const LIVE_MEMBERSHIP = Prisma.sql`
  SELECT json_build_object('role', m.role, 'id', c.id, 'name', c.name, 'plan', c.plan, 'features', c.features,
                           'suspended', c."suspendedAt" IS NOT NULL)
  FROM "Membership" m JOIN "Company" c ON c.id = m."companyId" AND c."deletedAt" IS NULL
  WHERE m."userId" = s."userId" AND m."deletedAt" IS NULL AND (s."companyId" IS NULL OR m."companyId" = s."companyId")`;

/**
 * The session of a token hash and, in the same query, the membership the request asks for (active membership of a
 * company that is not deleted): one round trip instead of three for every request (issue 21; a round trip costs the
 * web process more CPU than the SQL costs Postgres). The first company is the oldest membership.
 */
export async function findSessionWithMembership(
  client: Db,
  tokenHash: string,
  wanted: MembershipWanted | null,
): Promise<{ session: SessionRow; membership: FoundMembership | null } | null> {
  const asked = wanted?.customerId ?? null;
  const customerId = asked !== null && UUID.test(asked) ? asked : null;
  const wantFirst = wanted !== null && (asked === null || wanted.orFirst);
  const rows = await client.$queryRaw<(SessionRow & { chosen: MembershipJson | null; first: MembershipJson | null })[]>`
    SELECT s.id, s."userId", s.extended, s.kind, s."createdAt", s."lastUsedAt", s."idleExpiresAt", s."absoluteExpiresAt",
           s."revokedAt", s."revokedReason", s."userAgent", s."companyId",
           (${LIVE_MEMBERSHIP} AND m."companyId" = ${customerId}::uuid) AS chosen,
           (${LIVE_MEMBERSHIP} AND ${wantFirst}
            ORDER BY m."createdAt" ASC
            LIMIT 1) AS first
    FROM "Session" s
    WHERE s."tokenHash" = ${tokenHash}`;
  if (rows.length === 0) return null;
  const { chosen, first, ...session } = rows[0];
  return { session, membership: membershipOf(chosen, session.kind) ?? membershipOf(first, session.kind) };
}
