import { env } from '@/lib/env';

/**
 * An absolute link to a page of the product, for e-mails and SMS. Always built from PUBLIC_URL, never from the request's
 * Host header (which a caller controls: a reset link must not point to an attacker's host).
 */
export function publicUrl(pathAndQuery: string): string {
  const base = env.PUBLIC_URL || (env.NODE_ENV === 'production' ? undefined : `http://localhost:${env.PORT}`);
  if (!base) throw new Error('PUBLIC_URL is not set (see .env.example)');
  return new URL(pathAndQuery, base.endsWith('/') ? base : `${base}/`).toString();
}
