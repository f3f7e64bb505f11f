import { alertMessagesBody, listComments } from '@/lib/comments/list-comments';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  { body: alertMessagesBody, summary: 'The alert timeline, oldest first (alert id in the body)' },
  (ctx, { alertId, ...paging }) => listComments(ctx, alertId, paging),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
