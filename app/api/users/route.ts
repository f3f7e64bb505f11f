import { LONG_LIST_PAGE_SIZE, pagingQuery } from '@/lib/http-parts/paging';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listMembers } from '@/lib/members/list-members';

export const GET = route(
  { summary: 'List the active members', query: pagingQuery(LONG_LIST_PAGE_SIZE) },
  (ctx, paging) => listMembers(ctx, paging, { withSoftDeleted: false }),
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
