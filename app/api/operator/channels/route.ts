import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getDeliveryChannels } from '@/lib/outbox/get-delivery-channels';

export const GET = route(
  {
    auth: 'operator',
    summary: 'Which channels really send on this install, and which only record in the outbox (for channel tests)',
  },
  getDeliveryChannels,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
