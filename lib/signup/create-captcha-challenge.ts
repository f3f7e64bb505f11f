import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { PublicCtx } from '@/lib/context';
import { secretKeyFor } from '@/lib/secret-key';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';

export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
// Work to solve = PBKDF2 iterations per guess × guesses: about a second in a phone's browser, a real cost for a bot
// that signs up by the thousand.
const ITERATIONS_PER_GUESS = 500;
const GUESSES = [1000, 2000] as const;

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
