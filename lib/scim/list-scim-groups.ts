import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { filterCondition } from './scim-filter';
import { GROUP_FILTER_ATTRIBUTES, scimGroupView, scimTeamSelect, withoutMembers } from './scim-group';
import type { ScimListQuery } from './scim-query';
import { listResponse } from './scim-schemas';

/** GET /scim/v2/Groups: the company's managed teams matching the filter, a page at a time (oldest first). */
export async function listScimGroups(ctx: DirectoryCtx, input: ScimListQuery) {
  const where = {
    companyId: ctx.company.id,
    managed: true,
    AND: filterCondition(input.filter, GROUP_FILTER_ATTRIBUTES),
  };
  const [total, rows] = await Promise.all([
    ctx.db.team.count({ where }),
    ctx.db.team.findMany({
      where,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      skip: input.startIndex - 1,
      take: input.count,
      select: scimTeamSelect,
    }),
  ]);
  const members = !withoutMembers(input);
  return listResponse(
    rows.map((row) => scimGroupView(row, members)),
    total,
    input.startIndex,
  );
}
