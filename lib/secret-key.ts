import { createHmac } from 'node:crypto';
import { env } from '@/lib/env';

const DEVELOPMENT_SECRET = 'tocsin-development-secret-do-not-use-in-production';

/**
 * A key for one purpose (e.g. 'captcha', 'files'), derived from SECRET_KEY so that every web node and the worker agree.
 * Production refuses to run without a real SECRET_KEY; development and tests use a fixed, public one.
 */
export function secretKeyFor(purpose: string): string {
  const secret = env.SECRET_KEY || (env.NODE_ENV === 'production' ? undefined : DEVELOPMENT_SECRET);
  if (!secret || secret.length < 32)
    throw new Error('SECRET_KEY is not set or shorter than 32 characters (see .env.example)');
  return createHmac('sha256', secret).update(`tocsin:${purpose}`).digest('hex');
}
