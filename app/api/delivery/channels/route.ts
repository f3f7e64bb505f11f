import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getDeliveryChannels } from '@/lib/outbox/get-delivery-channels';

export const GET = route(
  { summary: 'Which channels really send on this installation, and which only record in the outbox' },
  getDeliveryChannels,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
