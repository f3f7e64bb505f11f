import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token (32 random bytes) and the SHA-256 hash that is all the database ever holds. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
