import { ApiError } from '@/lib/api-error';
import { hashToken, newToken } from '@/lib/auth/session-token';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';

/** How many of a code's first characters are shown to tell buttons apart (36 bits: not enough to guess the rest). */
const CODE_PREFIX_LENGTH = 6;
/** A pairing code handed out by GET /api/iotDevices/code can be given to a button for this long. */
export const PAIRING_CODE_TTL_MS = 60 * 60_000;

/** The SHA-256 (hex) of a button's code: all the database holds. */
export const hashIotCode = hashToken;

/** A new button code: 32 random bytes (256 bits) in base64url, its hash and its displayed prefix. */
export function newIotCode(): { code: string; codeHash: string; codePrefix: string } {
  const { token: code, tokenHash: codeHash } = newToken();
  return { code, codeHash, codePrefix: code.slice(0, CODE_PREFIX_LENGTH) };
}

export function pairingKey(companyId: string, codeHash: string): string {
  return `${env.QUEUE_PREFIX}:iot-pairing:${companyId}:${codeHash}`;
}

/** Takes a pairing code handed out to this company (once): its hash and prefix, else 400 `iotCodeNotIssued`. */
export async function claimPairingCode(companyId: string, code: string) {
  const codeHash = hashIotCode(code);
  const claimed = await redis().del(pairingKey(companyId, codeHash));
  if (claimed !== 1) {
    throw ApiError.badRequest('The code was not made by GET /api/iotDevices/code, expired or was used').with({
      code: 'iotCodeNotIssued',
    });
  }
  return { codeHash, codePrefix: code.slice(0, CODE_PREFIX_LENGTH) };
}
