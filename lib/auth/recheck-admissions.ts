import { ApiError } from '@/lib/api-error';
import type { Db } from '@/lib/db';
import { idleDeadline } from './idle-deadline';
import { LIVE_MEMBERSHIP, type SessionRow } from './find-session-with-membership';
import { sessionEndedAt, touchDue } from './resolve-session';
import { notAMember } from './resolve-membership';
import { hashToken } from './session-token';

/** A live connection's admission: the session token it came with and the company it joined. */
export interface Admission {
  token: string;
  companyId: string;
}

/** Connections checked by one query: thousands of open consoles cost a few statements, not one each. */
const PER_QUERY = 1_000;

type AdmissionRow = Pick<
  SessionRow,
  'id' | 'extended' | 'kind' | 'lastUsedAt' | 'idleExpiresAt' | 'absoluteExpiresAt' | 'revokedAt' | 'revokedReason'
> & { index: number; member: boolean };

/**
 * Checks again, for many live connections at once, what their handshake checked (resolveSession without renewal): the
 * session of each token still live, and its user still an active member of the company joined. Like a request, a check
 * slides the idle deadline of a live session whose activity is due (one write for all of them). Answers, in order, null
 * for a connection still admitted, else the error it would get now: 401 unknown token, 440 ended session, 403 no
 * longer a member.
 */
export async function recheckAdmissions(db: Db, admissions: Admission[], now: Date): Promise<(ApiError | null)[]> {
  const verdicts: (ApiError | null)[] = [];
  for (let start = 0; start < admissions.length; start += PER_QUERY)
    verdicts.push(...(await recheckSome(db, admissions.slice(start, start + PER_QUERY), now)));
  return verdicts;
}

async function recheckSome(db: Db, admissions: Admission[], now: Date): Promise<(ApiError | null)[]> {
  const rows = await db.$queryRaw<AdmissionRow[]>`
    SELECT q.index::int AS index, s.id, s.extended, s.kind, s."lastUsedAt", s."idleExpiresAt", s."absoluteExpiresAt",
           s."revokedAt", s."revokedReason", EXISTS (${LIVE_MEMBERSHIP} AND m."companyId" = q."companyId" AND c."suspendedAt" IS NULL) AS member
    FROM unnest(${admissions.map((admission) => hashToken(admission.token))}::text[],
                ${admissions.map((admission) => admission.companyId)}::uuid[]) WITH ORDINALITY AS q("tokenHash", "companyId", index)
    JOIN "Session" s ON s."tokenHash" = q."tokenHash"`;
  const found = new Map(rows.map((row) => [row.index - 1, row]));
  const touched = new Map<string, Date>();
  const verdicts = admissions.map((_, index) => {
    const session = found.get(index);
    if (!session) return ApiError.unauthorized();
    const ended = sessionEndedAt(session, now);
    if (ended) return ended;
    if (touchDue(session, now)) touched.set(session.id, idleDeadline(now, session, session.absoluteExpiresAt));
    return session.member ? null : notAMember(admissions[index].companyId);
  });
  if (touched.size > 0)
    await db.$executeRaw`
      UPDATE "Session" s SET "lastUsedAt" = ${now}, "idleExpiresAt" = t."idleExpiresAt"
      FROM unnest(${[...touched.keys()]}::uuid[], ${[...touched.values()]}::timestamptz[]) AS t(id, "idleExpiresAt")
      WHERE s.id = t.id`;
  return verdicts;
}
