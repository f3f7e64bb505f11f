import type { DbClient } from '@/lib/db';

/** Ends the user's live sessions (all, or all but `exceptSessionId`): their tokens answer 440 from now on. */
export async function revokeSessions(
  client: DbClient,
  input: { userId: string; now: Date; reason: string; exceptSessionId?: string | null },
): Promise<number> {
  const result = await client.session.updateMany({
    where: {
      userId: input.userId,
      revokedAt: null,
      absoluteExpiresAt: { gt: input.now },
      ...(input.exceptSessionId ? { id: { not: input.exceptSessionId } } : {}),
    },
    data: { revokedAt: input.now, revokedReason: input.reason },
  });
  return result.count;
}
