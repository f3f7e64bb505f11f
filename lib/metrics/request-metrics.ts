import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { processSingleton } from '@/lib/singleton';

/**
 * This process's metrics: the Node.js process's own (memory, event loop lag, ...), its API requests' durations, and its
 * live Socket.IO connections (how the web replicas behind the load balancer share them).
 */
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
  const realtimeConnections = new Gauge({
    name: 'tocsin_realtime_connections',
    help: 'Live Socket.IO connections (/eventHub) to this web process',
    registers: [registry],
  });
  return { registry, requestSeconds, realtimeConnections };
});

export function processMetricsRegistry(): Registry {
  return processMetrics.get().registry;
}

/** One API request's duration, labelled by its route's pattern (lib/metrics/route-pattern.ts), never its raw path. */
export function observeRequest(labels: { route: string; method: string; status: number }, seconds: number): void {
  processMetrics.get().requestSeconds.observe({ ...labels, status: String(labels.status) }, seconds);
}

/** Counts one live Socket.IO connection; returns what to call when it ends. */
export function countRealtimeConnection(): () => void {
  const gauge = processMetrics.get().realtimeConnections;
  gauge.inc();
  return () => gauge.dec();
}
