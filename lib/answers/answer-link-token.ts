import { randomBytes } from 'node:crypto';
import type { DbClient } from '@/lib/db';
import { publicUrl, publicUrlProblem } from '@/lib/http-parts/public-url';

/** The token's length in bytes: 128 random bits, 22 characters in the link. */
const TOKEN_BYTES = 16;
/** The path of the tap-to-answer page: PUBLIC_URL/a/<token>, as short as a link can be (it goes in an SMS). */
export const ANSWER_LINK_PATH = '/a/';

/**
 * The recipient's tap-to-answer token, given to their row the first time an alert SMS carries the link and the same
 * ever after (the fallback SMS and a retried send carry the same link). Null when the alert did not alert them.
 */
export async function answerLinkToken(db: DbClient, alertId: string, userId: string): Promise<string | null> {
  const [row] = await db.$queryRaw<{ answerToken: Uint8Array }[]>`
    UPDATE "AlertRecipient" SET "answerToken" = coalesce("answerToken", ${Buffer.from(randomBytes(TOKEN_BYTES))})
    WHERE "alertId" = ${alertId}::uuid AND "userId" = ${userId}::uuid AND "inTarget"
    RETURNING "answerToken"`;
  return row ? Buffer.from(row.answerToken).toString('base64url') : null;
}

/**
 * The recipient's tap-to-answer link (answerLinkToken), or null when the alert did not alert them or no link can be made
 * (production without PUBLIC_URL: the SMS goes without it rather than not at all).
 */
export async function answerLinkUrl(db: DbClient, alertId: string, userId: string): Promise<string | null> {
  if (publicUrlProblem() === 'unset') return null;
  const token = await answerLinkToken(db, alertId, userId);
  return token ? publicUrl(`${ANSWER_LINK_PATH}${token}`) : null;
}

/** The stored bytes of a token as the link gives it, or null when it cannot be one (then no row is asked). */
export function answerTokenBytes(token: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  return bytes.length === TOKEN_BYTES && bytes.toString('base64url') === token ? new Uint8Array(bytes) : null;
}
