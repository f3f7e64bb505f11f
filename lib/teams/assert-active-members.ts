import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';

/**
 * The distinct user ids, after checking each is an active member of the company (else 400 `unknownMember`).
 * `includeInactive`: removed, deactivated and invited members count too (a directory's group keeps its disabled users;
 * only active members are ever alerted through a team).
 */
export async function assertActiveMembers(
  client: DbClient,
  ctx: Pick<Ctx, 'company'>,
  members: { userId: string }[],
  options: { includeInactive?: boolean } = {},
): Promise<string[]> {
  const userIds = [...new Set(members.map((member) => member.userId))];
  if (userIds.length === 0) return userIds;
  const found = await client.membership.findMany({
    where: {
      companyId: ctx.company.id,
      userId: { in: userIds },
      ...(options.includeInactive ? {} : { deletedAt: null }),
    },
    select: { userId: true },
  });
  const known = new Set(found.map((membership) => membership.userId));
  const unknown = userIds.filter((userId) => !known.has(userId));
  if (unknown.length > 0) {
    throw ApiError.badRequest(...unknown.map((userId) => `${userId} is not a member of this company`)).with({
      code: 'unknownMember',
      userIds: unknown,
    });
  }
  return userIds;
}
