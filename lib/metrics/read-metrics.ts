import { Counter, Gauge, Registry } from 'prom-client';
import { readLiveWorkers } from '@/lib/workers/worker-heartbeat';
import { QUEUE_NAMES } from '@/lib/queue';
import { processMetricsRegistry } from './request-metrics';
import { readQueueStats } from './read-queue-stats';
import { readSharedCounters, SHARED_COUNTERS, type SharedCounter } from './shared-counters';

/** The installation's state at scrape time, read from Redis: queues, live workers and the workers' counters. */
async function installationRegistry(now: number): Promise<Registry> {
  const registry = new Registry();
  const [queues, workers, counters] = await Promise.all([readQueueStats(now), readLiveWorkers(), readSharedCounters()]);
  const jobs = new Gauge({
    name: 'tocsin_queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const oldestWaiting = new Gauge({
    name: 'tocsin_queue_oldest_waiting_seconds',
    help: 'Seconds the oldest waiting job of each queue has waited for a worker since it was due',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const overdueDelayed = new Gauge({
    name: 'tocsin_queue_overdue_delayed_seconds',
    help: 'Seconds the earliest delayed job of each queue (fallback SMS, alarms, retries) is past due without starting',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  for (const stats of queues) {
    for (const [state, count] of Object.entries(stats.jobs)) jobs.set({ queue: stats.queue, state }, count);
    oldestWaiting.set({ queue: stats.queue }, stats.oldestWaitingSeconds);
    overdueDelayed.set({ queue: stats.queue }, stats.overdueDelayedSeconds);
  }
  const queueWorkers = new Gauge({
    name: 'tocsin_queue_live_workers',
    help: 'Live worker processes (a heartbeat within 15 s) serving each queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  for (const queue of QUEUE_NAMES)
    queueWorkers.set({ queue }, workers.filter((served) => served.includes(queue)).length);
  const shared = new Map<SharedCounter, Counter<string>>();
  for (const [key, { name, help, labels }] of Object.entries(SHARED_COUNTERS) as [
    SharedCounter,
    (typeof SHARED_COUNTERS)[SharedCounter],
  ][])
    shared.set(key, new Counter({ name, help, labelNames: [...labels], registers: [registry] }));
  for (const { counter, labels, value } of counters) shared.get(counter)?.inc(labels, value);
  return registry;
}

/** GET /api/metrics: the Prometheus text of this web process's own metrics and the installation's (docs/grafana-dashboard.json). */
export async function readMetrics() {
  const registry = Registry.merge([processMetricsRegistry(), await installationRegistry(Date.now())]);
  return { contentType: registry.contentType, text: await registry.metrics() };
}
