import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listOutbox, listOutboxQuery } from '@/lib/outbox/list-outbox';

export const GET = route(
  {
    role: 'admin',
    query: listOutboxQuery,
    summary:
      'List the messages the outbox recorded instead of sending (total up to 10,000; totalCapped when there are more)',
  },
  listOutbox,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
