import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { processSingleton } from '@/lib/singleton';

/** This process's metrics: the Node.js process's own (memory, event loop lag, ...) and its API requests' durations. */
const processMetrics = processSingleton('metrics', () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tocsin_' });
  const requestSeconds = new Histogram({
    name: 'tocsin_http_request_duration_seconds',
    help: 'API request durations in this web process, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, requestSeconds };
});

export function processMetricsRegistry(): Registry {
  return processMetrics.get().registry;
}

/** One API request's duration, labelled by its route's pattern (lib/metrics/route-pattern.ts), never its raw path. */
export function observeRequest(labels: { route: string; method: string; status: number }, seconds: number): void {
  processMetrics.get().requestSeconds.observe({ ...labels, status: String(labels.status) }, seconds);
}
