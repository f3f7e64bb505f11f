import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import { env } from '@/lib/env';
import { type AuthKind, bearerTokenOf, productFailure } from '@/lib/http-parts/auth-kind';

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no time that depends on where they differ. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `auth: 'metricsToken'`: a Prometheus scraper with METRICS_TOKEN as its bearer token (401 without it or with another).
 * With METRICS_TOKEN unset the route is off and answers as an unknown /api address does (404).
 */
export const metricsTokenAuth: AuthKind<PublicCtx> = {
  async authenticate({ request, base }) {
    const expected = env.METRICS_TOKEN;
    if (!expected) throw ApiError.notFound('This API address');
    const token = bearerTokenOf(request);
    if (token === null || !sameToken(token, expected))
      throw ApiError.unauthorized('The metrics token is missing or wrong');
    return { ctx: base };
  },
  fail: productFailure,
  document: {
    access: () => 'METRICS_TOKEN as the bearer token (no session); 404 when METRICS_TOKEN is not set.',
    refusals: { '401': { $ref: '#/components/responses/Error' } },
  },
};
