import { alertMessagesBody, listComments } from '@/lib/comments/list-comments';
import { route } from '@/lib/http/route';

export const POST = route(
  { body: alertMessagesBody, summary: 'The alert timeline, oldest first (alert id in the body)' },
  (ctx, { alertId, ...paging }) => listComments(ctx, alertId, paging),
);
