import { ApiError } from '@/lib/api-error';
import type { DbClient } from '@/lib/db';
import type { AuthTokenKind } from '@/lib/generated/prisma/enums';
import { hashToken, newToken } from './session-token';

/** The answer to a link (reset, confirmation) that is unknown, used or expired. */
export const linkExpired = () =>
  ApiError.badRequest('This link has expired or has already been used').with({ code: 'linkExpired' });

/** Ends the user's unused tokens of these kinds: they answer like used ones from now on. */
export async function revokeAuthTokens(
  client: DbClient,
  input: { userId: string; kinds: AuthTokenKind[]; now: Date },
): Promise<void> {
  await client.authToken.updateMany({
    where: { userId: input.userId, kind: { in: input.kinds }, usedAt: null },
    data: { usedAt: input.now },
  });
}

/** A single-use link or ticket token for `userId`; only its SHA-256 is stored. Earlier unused ones of the kind stop working. */
export async function issueAuthToken(
  client: DbClient,
  input: { userId: string; kind: AuthTokenKind; now: Date; validForMs: number },
): Promise<string> {
  const { token, tokenHash } = newToken();
  await revokeAuthTokens(client, { userId: input.userId, kinds: [input.kind], now: input.now });
  await client.authToken.create({
    data: {
      userId: input.userId,
      kind: input.kind,
      tokenHash,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.validForMs),
    },
  });
  return token;
}

/**
 * Uses a token once: the first caller gets the user id, a used, expired, unknown or other-kind token throws `expired`.
 * The claim is a conditional update, so two concurrent uses cannot both succeed.
 */
export async function consumeAuthToken(
  client: DbClient,
  input: { token: string; kind: AuthTokenKind; now: Date; expired: ApiError },
): Promise<string> {
  const found = await client.authToken.findUnique({ where: { tokenHash: hashToken(input.token) } });
  if (!found || found.kind !== input.kind || found.usedAt || found.expiresAt <= input.now) throw input.expired;
  const claimed = await client.authToken.updateMany({
    where: { id: found.id, usedAt: null },
    data: { usedAt: input.now },
  });
  if (claimed.count !== 1) throw input.expired;
  return found.userId;
}
