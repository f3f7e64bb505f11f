import { apiQuery } from '@/components/ui/api-query';
import type { AnswerOf } from '@/lib/http/answer-of';
import type { getDeliveryChannels } from '@/lib/outbox/get-delivery-channels';
import type { listOutbox } from '@/lib/outbox/list-outbox';
import type { OutboxChannel } from '@/lib/outbox/outbox-channels';

// The answer of GET /api/outbox as the browser receives it (type import of the server function: no server code here).
export { OUTBOX_CHANNELS, OUTBOX_PAGE_SIZE, type OutboxChannel } from '@/lib/outbox/outbox-channels';
export type { OutboxDrivers } from '@/lib/outbox/outbox-drivers';

export type OutboxPage = AnswerOf<typeof listOutbox>;
export type OutboxItem = OutboxPage['items'][number];

/** One page of what the outbox recorded, newest first, of one channel or all. */
export function outboxQuery(page: number, channel: OutboxChannel | null) {
  const search = new URLSearchParams({ page: String(page) });
  if (channel) search.set('channel', channel);
  return apiQuery<OutboxPage>(`/api/outbox?${search}`);
}

export type DeliveryChannels = AnswerOf<typeof getDeliveryChannels>;

/** Where each channel's messages go on this installation (any member may ask). */
export const deliveryChannelsQuery = apiQuery<DeliveryChannels>('/api/delivery/channels');
