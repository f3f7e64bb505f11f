import { checkHealth } from '@/lib/health/check-health';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// 503 when the database or Redis is down, so that load balancers and compose healthchecks can act on it.
export const GET = route(
  {
    auth: 'none',
    summary: 'Check health (503 when degraded)',
    status: (health) => (health.status === 'ok' ? 200 : 503),
  },
  checkHealth,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
