import { checkReadiness, readinessQuery } from '@/lib/health/check-readiness';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// 503 naming what is missing, so that load balancers, compose healthchecks and monitoring can act on it.
export const GET = route(
  {
    auth: 'none',
    summary: 'Check readiness: database, Redis, live workers for every queue, channels (503 when not ready)',
    query: readinessQuery,
    status: (readiness) => (readiness.status === 'ready' ? 200 : 503),
  },
  checkReadiness,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
