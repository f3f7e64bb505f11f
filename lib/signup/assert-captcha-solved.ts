import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';
import { secretKeyFor } from '@/lib/secret-key';
import { CHALLENGE_LIFETIME_MS } from './create-captcha-challenge';

const usedKey = (id: string) => `${env.QUEUE_PREFIX}:captcha:${id}`;
/** Remembers solved challenges until they expire, so that each one works once. */
const usedChallenges = {
  get: async (id: string) => (await redis().exists(usedKey(id))) === 1,
  set: (id: string) => redis().set(usedKey(id), '1', 'PX', CHALLENGE_LIFETIME_MS),
  setIfAbsent: async (id: string) => (await redis().set(usedKey(id), '1', 'PX', CHALLENGE_LIFETIME_MS, 'NX')) === 'OK',
};

/** Refuses a missing, wrong, expired or already used solution with "Are you a Robot?" (code `captcha`). */
export async function assertCaptchaSolved(payload: string | undefined): Promise<void> {
  const result = payload
    ? await verify(payload, deriveKey, secretKeyFor('captcha'), secretKeyFor('captcha-key'), usedChallenges)
    : null;
  if (!result || result.error || !result.verification?.verified) {
    throw ApiError.badRequest('Are you a Robot? The captcha was not solved').with({ code: 'captcha' });
  }
}
