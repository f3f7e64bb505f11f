import twilio, { type Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { env, required } from '@/lib/env';
import { processSingleton } from '@/lib/singleton';

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

const TWILIO_HOST = /^https:\/\/[a-z0-9.-]+\.twilio\.com/;

export function twilioConfigured(): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID);
}

/** Sends Twilio's REST calls to TWILIO_API_URL (a Twilio-compatible gateway) instead of https://*.twilio.com. */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ autoRetry: false });
  }

  override request<TData>(options: RequestOptions<TData>) {
    return super.request<TData>({ ...options, uri: options.uri.replace(TWILIO_HOST, this.baseUrl.replace(/\/$/, '')) });
  }
}

const client = processSingleton<Twilio>('twilio', () =>
  twilio(required('TWILIO_ACCOUNT_SID'), required('TWILIO_AUTH_TOKEN'), {
    autoRetry: false,
    ...(env.TWILIO_API_URL ? { httpClient: new RebasedRequestClient(env.TWILIO_API_URL) } : {}),
  }),
);

/** Retries are BullMQ's (with backoff and a persisted state), so the client itself does not retry. */
export function twilioClient(): Twilio {
  return client.get();
}

/** A 4xx answer other than 429 (bad number, unsubscribed recipient, ...): trying again cannot help. */
export function isPermanentTwilioFailure(error: unknown): boolean {
  const { status } = (error ?? {}) as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}
