import { apiQuery } from '@/components/ui/api-query';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { TestedChannel } from '@/lib/operators/channel-test-answer';
import type { testChannel } from '@/lib/operators/test-channel';
import type { getDeliveryChannels } from '@/lib/outbox/get-delivery-channels';

// The operators' channel test (issue 35, item 4): /api/operator/channels and /api/operator/channelTests.

export type ChannelTestAnswer = AnswerOf<typeof testChannel>;
export type ProviderAnswer = ChannelTestAnswer['answers'][number];
export type ChannelDrivers = AnswerOf<typeof getDeliveryChannels>['drivers'];
export type { TestedChannel };

export const TESTED_CHANNELS = ['sms', 'call', 'email', 'push'] as const satisfies readonly TestedChannel[];

/**
 * The answer waits for the provider: Twilio answers within its client's 30 s, a call first waits up to 10 s for its slot
 * in the account's pace, the SMTP server within 15 s of silence.
 */
const CHANNEL_TEST_TIMEOUT_MS = 60_000;

export const channelDriversQuery = apiQuery<AnswerOf<typeof getDeliveryChannels>>('/api/operator/channels');

export const channelTestApi = {
  send: (test: { channel: 'sms' | 'call' | 'email'; to: string } | { channel: 'push' }) =>
    api.post<ChannelTestAnswer>('/api/operator/channelTests', test, { timeoutMs: CHANNEL_TEST_TIMEOUT_MS }),
};
