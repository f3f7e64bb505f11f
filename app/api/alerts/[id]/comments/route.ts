import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { listComments, listCommentsQuery } from '@/lib/comments/list-comments';
import { commentBody, postComment } from '@/lib/comments/post-comment';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { params: alertIdParams, query: listCommentsQuery, summary: 'The alert timeline, oldest first' },
  (ctx, { id, ...paging }) => listComments(ctx, id, paging),
);
export const POST = route({ params: alertIdParams, body: commentBody, status: 201 }, postComment);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
