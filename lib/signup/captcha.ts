import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';
import { secretKeyFor } from '@/lib/secret-key';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';

const CHALLENGE_LIFETIME_MS = 10 * 60_000;
// Work to solve = PBKDF2 iterations per guess × guesses: about a second in a phone's browser, a real cost for a bot
// that signs up by the thousand.
const ITERATIONS_PER_GUESS = 500;
const GUESSES = [1000, 2000] as const;

const usedKey = (id: string) => `${env.QUEUE_PREFIX}:captcha:${id}`;
/** Remembers solved challenges until they expire, so that each one works once. */
const usedChallenges = {
  get: async (id: string) => (await redis().exists(usedKey(id))) === 1,
  set: (id: string) => redis().set(usedKey(id), '1', 'PX', CHALLENGE_LIFETIME_MS),
  setIfAbsent: async (id: string) => (await redis().set(usedKey(id), '1', 'PX', CHALLENGE_LIFETIME_MS, 'NX')) === 'OK',
};

// Self-hosted proof-of-work captcha (ALTCHA, DESIGN §4): no third-party service.

/** GET /api/signup/captcha: a signed challenge for the ALTCHA widget, valid for 10 minutes. */
export async function createCaptchaChallenge(ctx: PublicCtx) {
  await takeAllowance([{ rule: THROTTLES.captchaChallenges, subject: ctx.clientAddress }]);
  return createChallenge({
    deriveKey,
    hmacSignatureSecret: secretKeyFor('captcha'),
    hmacKeySignatureSecret: secretKeyFor('captcha-key'),
    algorithm: 'PBKDF2/SHA-256',
    cost: ITERATIONS_PER_GUESS,
    counter: randomInt(...GUESSES),
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  });
}

/** Refuses a missing, wrong, expired or already used solution with "Are you a Robot?" (code `captcha`). */
export async function assertCaptchaSolved(payload: string | undefined): Promise<void> {
  const result = payload
    ? await verify(payload, deriveKey, secretKeyFor('captcha'), secretKeyFor('captcha-key'), usedChallenges)
    : null;
  if (!result || result.error || !result.verification?.verified) {
    throw ApiError.badRequest('Are you a Robot? The captcha was not solved').with({ code: 'captcha' });
  }
}
