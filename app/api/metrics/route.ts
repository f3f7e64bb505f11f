import { typedTextAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { readMetrics } from '@/lib/metrics/read-metrics';

// Prometheus scrapes it with METRICS_TOKEN; unset, the route is off (404).
export const GET = route(
  {
    auth: 'metricsToken',
    summary: 'Prometheus metrics (queues, deliveries, providers, requests)',
    answer: typedTextAnswer,
  },
  readMetrics,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
