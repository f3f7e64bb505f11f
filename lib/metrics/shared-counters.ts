import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { redis } from '@/lib/redis';

/**
 * Counters that the worker processes (and, for a few provider calls, the web processes) add to in Redis, and that
 * GET /api/metrics reads at scrape time: every process counts into the same hash, so any web node answers the
 * installation's totals (docs/decisions.md, "Health and metrics").
 */
export const SHARED_COUNTERS = {
  deliveries: {
    name: 'tocsin_deliveries_total',
    help: 'Alert delivery attempts by channel and outcome: sent, recorded (outbox, no provider), failed, retry, inDoubt, unwanted',
    labels: ['channel', 'fallback', 'outcome'],
  },
  providerErrors: {
    name: 'tocsin_provider_errors_total',
    help: 'Messages a provider refused or failed (Twilio, FCM, Web Push, SMTP), by channel',
    labels: ['channel'],
  },
  providerRateLimited: {
    name: 'tocsin_provider_rate_limited_total',
    help: 'Answers 429 (too many requests) from a provider: Twilio requests are backed off and sent again, FCM messages wait for the next attempt',
    labels: ['provider'],
  },
  fallbackLagSeconds: {
    name: 'tocsin_fallback_sms_lag_seconds_total',
    help: 'Seconds fallback SMS jobs started after they were due, summed (divide by tocsin_fallback_sms_started_total)',
    labels: [],
  },
  fallbackStarted: {
    name: 'tocsin_fallback_sms_started_total',
    help: 'Fallback SMS jobs started (first attempts)',
    labels: [],
  },
} as const;

export type SharedCounter = keyof typeof SHARED_COUNTERS;
type LabelsOf<C extends SharedCounter> = Record<(typeof SHARED_COUNTERS)[C]['labels'][number], string>;

export type CounterIncrement = {
  [C in SharedCounter]: { counter: C; labels: LabelsOf<C>; by?: number };
}[SharedCounter];

export interface CounterValue {
  counter: SharedCounter;
  labels: Record<string, string>;
  value: number;
}

const countersKey = () => `${env.QUEUE_PREFIX}:metrics`;
const fieldOf = ({ counter, labels }: CounterIncrement) => JSON.stringify([counter, labels]);

/** Adds to the counters; a failure is logged, never thrown: counting must not fail the work it counts. */
export async function addToSharedCounters(increments: readonly CounterIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  try {
    const transaction = redis().multi();
    for (const increment of increments) transaction.hincrbyfloat(countersKey(), fieldOf(increment), increment.by ?? 1);
    await transaction.exec();
  } catch (error) {
    logger.warn('metrics not counted', { error });
  }
}

function parsedField(field: string): Omit<CounterValue, 'value'> | null {
  const [counter, labels] = JSON.parse(field) as [string, Record<string, string>];
  return Object.hasOwn(SHARED_COUNTERS, counter) ? { counter: counter as SharedCounter, labels } : null;
}

/** Every counter's value by its labels (fields a former version wrote are left out). */
export async function readSharedCounters(): Promise<CounterValue[]> {
  const fields = await redis().hgetall(countersKey());
  return Object.entries(fields).flatMap(([field, value]) => {
    const parsed = parsedField(field);
    return parsed ? [{ ...parsed, value: Number(value) }] : [];
  });
}
