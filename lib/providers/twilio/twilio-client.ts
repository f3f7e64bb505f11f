import { setTimeout as sleep } from 'node:timers/promises';
import http from 'node:http';
import twilio, { type Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { env, required } from '@/lib/env';
import { addToSharedCounters } from '@/lib/metrics/shared-counters';
import { processSingleton } from '@/lib/singleton';
import { passRequestGate } from './request-gate';
import { withTwilioPermit } from './twilio-request-permits';

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

const TWILIO_HOST = /^https:\/\/[a-z0-9.-]+\.twilio\.com/;
/** A 429 (error 20429: the account's concurrency limit) is backed off and sent again: Twilio did not process it. */
const TOO_MANY_REQUESTS = 429;
const BACKOFF_FIRST_MS = 50;
const BACKOFF_MAX_MS = 2_000;
/** Past this long of 429 answers the request fails as a passing failure (the receipt's next attempt sends it). */
const BACKOFF_GIVE_UP_MS = 20_000;
/** The twilio library's own request timeout. */
const DEFAULT_TIMEOUT_MS = 30_000;

export function twilioConfigured(): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID);
}

/**
 * Every Twilio REST request of this installation: within the account's concurrency limit shared through Redis
 * (withTwilioPermit), asking its gate (withRequestGate) once it holds the permit, a 429 backed off (exponential, with
 * jitter) and sent again, and rebased onto TWILIO_API_URL (a Twilio-compatible gateway, or the fake of the tests) when
 * that is set.
 */
class LimitedRequestClient extends twilio.RequestClient {
  private readonly baseUrl: string | undefined;

  constructor() {
    const sockets = env.TWILIO_MAX_CONCURRENT_REQUESTS;
    // A request still unanswered when its receipt's lease (renewed right before it went out) runs out would be looked
    // up by the part taking the receipt over before Twilio had it, and sent again: every request ends well within it.
    const timeout = Math.min(DEFAULT_TIMEOUT_MS, (env.DELIVERY_LEASE_SECONDS * 1000) / 2);
    super({ autoRetry: false, keepAlive: true, maxSockets: sockets, maxTotalSockets: sockets, timeout });
    this.baseUrl = env.TWILIO_API_URL?.replace(/\/$/, '');
    // The gateway may be plain http (the tests' fake): the same pool size as for https.
    if (this.baseUrl?.startsWith('http:'))
      this.axios.defaults.httpAgent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  override async request<TData>(options: RequestOptions<TData>) {
    const rebased = this.baseUrl ? { ...options, uri: options.uri.replace(TWILIO_HOST, this.baseUrl) } : options;
    const started = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      const response = await withTwilioPermit(async () => {
        await passRequestGate();
        return super.request<TData>(rebased);
      });
      if (response.statusCode !== TOO_MANY_REQUESTS) return response;
      await addToSharedCounters([{ counter: 'providerRateLimited', labels: { provider: 'twilio' } }]);
      if (Date.now() - started > BACKOFF_GIVE_UP_MS) return response;
      const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
      await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
    }
  }
}

const client = processSingleton<Twilio>('twilio', () =>
  twilio(required('TWILIO_ACCOUNT_SID'), required('TWILIO_AUTH_TOKEN'), {
    autoRetry: false,
    httpClient: new LimitedRequestClient(),
  }),
);

/** Retries of failed messages are BullMQ's (with backoff and a persisted state); the client only retries a 429. */
export function twilioClient(): Twilio {
  return client.get();
}

/** A 4xx answer other than 429 (bad number, unsubscribed recipient, ...): trying again cannot help. */
export function isPermanentTwilioFailure(error: unknown): boolean {
  const { status } = (error ?? {}) as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}
