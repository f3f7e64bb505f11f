import { createHash } from 'node:crypto';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';

/** How long a person has at Microsoft between starting the sign-in and coming back. */
export const SIGN_IN_ATTEMPT_MS = 10 * 60_000;

/** What the start of a sign-in keeps for its return, under its `state`: the company, the PKCE verifier, the nonce. */
export interface SignInAttempt {
  companyId: string;
  codeVerifier: string;
  nonce: string;
}

// Keyed by a hash of the state, so Redis holds nothing that would let a reader complete someone's sign-in.
const keyOf = (state: string) =>
  `${env.QUEUE_PREFIX}:microsoft-sign-in:${createHash('sha256').update(state).digest('hex')}`;

export async function keepSignInAttempt(state: string, attempt: SignInAttempt): Promise<void> {
  await redis().set(keyOf(state), JSON.stringify(attempt), 'PX', SIGN_IN_ATTEMPT_MS);
}

/** The attempt of this state, once: taking it deletes it, so a replayed answer finds nothing. Null when unknown or expired. */
export async function takeSignInAttempt(state: string): Promise<SignInAttempt | null> {
  const stored = await redis().getdel(keyOf(state));
  return stored === null ? null : (JSON.parse(stored) as SignInAttempt);
}
