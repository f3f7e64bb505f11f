import { ApiError } from '@/lib/api-error';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { createSession } from './create-session';
import {
  findSessionWithMembership,
  type FoundMembership,
  type MembershipWanted,
  type SessionRow,
} from './find-session-with-membership';
import { idleDeadline } from './idle-deadline';
import { sessionEndReason, type SessionEndReason } from './session-end-reason';
import { hashToken } from './session-token';

const MINUTE = 60_000;
/** How long a replaced token keeps working, for requests already in flight when it was renewed. */
const RENEWAL_GRACE_MS = MINUTE;
/** Activity is written at most this often per session. */
const TOUCH_INTERVAL_MS = 30_000;

export interface ResolvedSession {
  sessionId: string;
  userId: string;
  /** Set when the token was replaced: the client must use this one from now on (X-Session-Token). */
  renewedToken?: string;
  /** The membership asked for in `options.membership`, when the user has it; null otherwise. */
  membership: FoundMembership | null;
  /** How the session was opened: a console or a device session, and the one company of an identity provider's. */
  opened: Pick<SessionRow, 'kind' | 'companyId'>;
}

/** The 440 answer, naming why the session ended so the interface can say it (code `sessionEnded`, `reason`). */
function sessionEnded(reason: SessionEndReason): ApiError {
  return ApiError.sessionExpired().with({ code: 'sessionEnded', reason });
}

/** The 440 a session answers at `now` when it was revoked or is past a deadline; null while it is live. */
export function sessionEndedAt(
  session: Pick<SessionRow, 'revokedAt' | 'revokedReason' | 'absoluteExpiresAt' | 'idleExpiresAt'>,
  now: Date,
): ApiError | null {
  if (session.revokedAt && session.revokedAt <= now) return sessionEnded(sessionEndReason(session.revokedReason));
  if (session.absoluteExpiresAt <= now) return sessionEnded('lifetime');
  if (session.idleExpiresAt <= now) return sessionEnded('idle');
  return null;
}

/** Whether a live session's activity is to be written now (its idle deadline slid on). */
export function touchDue(session: Pick<SessionRow, 'lastUsedAt'>, now: Date): boolean {
  return now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS;
}

/**
 * Bearer token → session. Unknown token: 401. Revoked or past a deadline: 440, with the reason.
 * A live session slides its idle deadline; a token older than SESSION_RENEW_AFTER_MINUTES is replaced by a new one,
 * unless `renew: false` (callers that cannot hand a new token back, such as the realtime handshake, must not revoke
 * the token the browser goes on using). `membership` names the company membership to look up in the same query.
 */
export async function resolveSession(
  client: Db,
  token: string,
  now: Date,
  options: { renew?: boolean; membership?: MembershipWanted } = {},
): Promise<ResolvedSession> {
  const found = await findSessionWithMembership(client, hashToken(token), options.membership ?? null);
  if (!found) throw ApiError.unauthorized();
  const { session, membership } = found;
  const opened = { kind: session.kind, companyId: session.companyId };
  const ended = sessionEndedAt(session, now);
  if (ended) throw ended;

  const renewDue =
    options.renew !== false &&
    !session.revokedAt &&
    now.getTime() - session.createdAt.getTime() >= env.SESSION_RENEW_AFTER_MINUTES * MINUTE;
  if (renewDue) {
    const renewed = await createSession(client, {
      userId: session.userId,
      extended: session.extended,
      kind: session.kind,
      now,
      userAgent: session.userAgent,
      absoluteExpiresAt: session.absoluteExpiresAt,
      companyId: session.companyId,
    });
    const graceEnd = new Date(now.getTime() + RENEWAL_GRACE_MS);
    // Only the first concurrent request renews; the others keep using the old token within its grace period.
    const claimed = await client.session.updateMany({
      where: { id: session.id, revokedAt: null },
      data: { revokedAt: graceEnd, revokedReason: 'renewed', lastUsedAt: now },
    });
    if (claimed.count === 1)
      return {
        sessionId: renewed.sessionId,
        userId: session.userId,
        renewedToken: renewed.token,
        membership,
        opened,
      };
    await client.session.delete({ where: { id: renewed.sessionId } });
    return { sessionId: session.id, userId: session.userId, membership, opened };
  }

  if (touchDue(session, now)) {
    await client.session.update({
      where: { id: session.id },
      data: { lastUsedAt: now, idleExpiresAt: idleDeadline(now, session, session.absoluteExpiresAt) },
    });
  }
  return { sessionId: session.id, userId: session.userId, membership, opened };
}
