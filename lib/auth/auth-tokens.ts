import { ApiError } from '@/lib/api-error';
import type { DbClient } from '@/lib/db';
import type { AuthTokenKind } from '@/lib/generated/prisma/enums';
import { hashToken, newToken } from './session-token';

/** The answer to a link (reset, confirmation) that is unknown, used or expired. */
export const linkExpired = () =>
  ApiError.badRequest('This link has expired or has already been used').with({ code: 'linkExpired' });

/** Ends the users' unused tokens of these kinds: they answer like used ones from now on. */
export async function revokeAuthTokens(
  client: DbClient,
  input: { userIds: readonly string[]; kinds: AuthTokenKind[]; now: Date },
): Promise<void> {
  await client.authToken.updateMany({
    where: { userId: { in: [...input.userIds] }, kind: { in: input.kinds }, usedAt: null },
    data: { usedAt: input.now },
  });
}

/** A single-use link or ticket token for `userId`; only its SHA-256 is stored. Earlier unused ones of the kind stop working. */
export async function issueAuthToken(
  client: DbClient,
  input: { userId: string; kind: AuthTokenKind; now: Date; validForMs: number; companyId?: string },
): Promise<string> {
  const tokens = await issueAuthTokens(client, { ...input, userIds: [input.userId] });
  return tokens.get(input.userId) as string;
}

/** issueAuthToken for many people in two statements: each person's token by user id. */
export async function issueAuthTokens(
  client: DbClient,
  input: { userIds: readonly string[]; kind: AuthTokenKind; now: Date; validForMs: number; companyId?: string },
): Promise<Map<string, string>> {
  const issued = input.userIds.map((userId) => ({ userId, ...newToken() }));
  await revokeAuthTokens(client, { userIds: input.userIds, kinds: [input.kind], now: input.now });
  await client.authToken.createMany({
    data: issued.map(({ userId, tokenHash }) => ({
      userId,
      kind: input.kind,
      companyId: input.companyId ?? null,
      tokenHash,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.validForMs),
    })),
  });
  return new Map(issued.map(({ userId, token }) => [userId, token]));
}

/** `kind`: the kind, or the kinds, the token may be of (a password is chosen by a reset link or an invitation). */
type TokenUse = { token: string; kind: AuthTokenKind | readonly AuthTokenKind[]; now: Date; expired: ApiError };

/** A token still usable (unused, unexpired, of this kind) without using it; otherwise throws `expired`. */
export async function findUsableAuthToken(client: DbClient, input: TokenUse) {
  const found = await client.authToken.findUnique({ where: { tokenHash: hashToken(input.token) } });
  const kinds: readonly AuthTokenKind[] = typeof input.kind === 'string' ? [input.kind] : input.kind;
  if (!found || !kinds.includes(found.kind) || found.usedAt || found.expiresAt <= input.now) throw input.expired;
  return found;
}

/**
 * Uses a token once: the first caller gets the user id, a used, expired, unknown or other-kind token throws `expired`.
 * The claim is a conditional update, so two concurrent uses cannot both succeed.
 */
export async function consumeAuthToken(client: DbClient, input: TokenUse): Promise<string> {
  const found = await findUsableAuthToken(client, input);
  const claimed = await client.authToken.updateMany({
    where: { id: found.id, usedAt: null },
    data: { usedAt: input.now },
  });
  if (claimed.count !== 1) throw input.expired;
  return found.userId;
}
