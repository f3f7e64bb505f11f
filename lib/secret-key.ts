import { createHmac } from 'node:crypto';
import { env } from '@/lib/env';

const DEVELOPMENT_SECRET = 'tocsin-development-secret-do-not-use-in-production';

/**
 * The installation's SECRET_KEY. Production refuses to run without a real one; development and tests use a fixed,
 * public one (`npm start` always passes one: from the environment, or generated and kept in .data/secret-key).
 */
export function installationSecret(): string {
  const secret = env.SECRET_KEY || (env.NODE_ENV === 'production' ? undefined : DEVELOPMENT_SECRET);
  if (!secret || secret.length < 32)
    throw new Error('SECRET_KEY is not set or shorter than 32 characters (see .env.example)');
  return secret;
}

/** A key for one purpose derived from `secret` (SECRET_KEY, or SECRET_KEY_PREVIOUS during a key rotation), as hex. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`tocsin:${purpose}`).digest('hex');
}

/**
 * A key for one purpose (e.g. 'captcha', 'files'), derived from SECRET_KEY so that every web node and the worker agree.
 */
export function secretKeyFor(purpose: string): string {
  return deriveKey(installationSecret(), purpose);
}
