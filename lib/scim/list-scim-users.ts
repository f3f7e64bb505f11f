import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { filterCondition } from './scim-filter';
import type { ScimListQuery } from './scim-query';
import { listResponse } from './scim-schemas';
import { scimMemberSelect, scimUserView, USER_FILTER_ATTRIBUTES } from './scim-user';

/** GET /scim/v2/Users: the company's managed members matching the filter, a page at a time (oldest first). */
export async function listScimUsers(ctx: DirectoryCtx, input: ScimListQuery) {
  const where = {
    companyId: ctx.company.id,
    managed: true,
    AND: filterCondition(input.filter, USER_FILTER_ATTRIBUTES),
  };
  const [total, rows] = await Promise.all([
    ctx.db.membership.count({ where }),
    ctx.db.membership.findMany({
      where,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      skip: input.startIndex - 1,
      take: input.count,
      select: scimMemberSelect,
    }),
  ]);
  return listResponse(rows.map(scimUserView), total, input.startIndex);
}
