import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { idleDeadline } from './idle-deadline';
import { newToken } from './session-token';

const MINUTE = 60_000;

export interface NewSession {
  token: string;
  sessionId: string;
}

/** Starts a session: a 30-minute idle deadline and a 12-hour hard deadline (extended login lives for those 12 hours). */
export async function createSession(
  client: Db,
  input: {
    userId: string;
    extended: boolean;
    now: Date;
    userAgent?: string | null;
    absoluteExpiresAt?: Date;
    /** The one company the session may open (a sign-in through that company's identity provider). */
    companyId?: string | null;
  },
): Promise<NewSession> {
  const { token, tokenHash } = newToken();
  const absoluteExpiresAt =
    input.absoluteExpiresAt ?? new Date(input.now.getTime() + env.SESSION_LIFETIME_HOURS * 60 * MINUTE);
  const session = await client.session.create({
    data: {
      tokenHash,
      userId: input.userId,
      extended: input.extended,
      createdAt: input.now,
      lastUsedAt: input.now,
      idleExpiresAt: idleDeadline(input.now, input.extended, absoluteExpiresAt),
      absoluteExpiresAt,
      userAgent: input.userAgent ?? null,
      companyId: input.companyId ?? null,
    },
  });
  return { token, sessionId: session.id };
}
