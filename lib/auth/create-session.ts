import type { Db } from '@/lib/db';
import type { SessionKind } from '@/lib/generated/prisma/enums';
import { idleDeadline, lifetimeEnd } from './idle-deadline';
import { newToken } from './session-token';

export interface NewSession {
  token: string;
  sessionId: string;
}

/**
 * Starts a session: for the console a 30-minute idle deadline and a 12-hour hard deadline (extended login lives for
 * those 12 hours); for a device 90 days idle and a year at most.
 */
export async function createSession(
  client: Db,
  input: {
    userId: string;
    extended: boolean;
    /** Console when not said. */
    kind?: SessionKind;
    now: Date;
    userAgent?: string | null;
    absoluteExpiresAt?: Date;
    /** The one company the session may open (a sign-in through that company's identity provider). */
    companyId?: string | null;
  },
): Promise<NewSession> {
  const { token, tokenHash } = newToken();
  const terms = { extended: input.extended, kind: input.kind ?? 'console' };
  const absoluteExpiresAt = input.absoluteExpiresAt ?? lifetimeEnd(input.now, terms.kind);
  const session = await client.session.create({
    data: {
      tokenHash,
      userId: input.userId,
      extended: input.extended,
      kind: terms.kind,
      createdAt: input.now,
      lastUsedAt: input.now,
      idleExpiresAt: idleDeadline(input.now, terms, absoluteExpiresAt),
      absoluteExpiresAt,
      userAgent: input.userAgent ?? null,
      companyId: input.companyId ?? null,
    },
  });
  return { token, sessionId: session.id };
}
