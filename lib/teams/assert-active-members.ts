import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';

/** The distinct user ids, after checking each is an active member of the company (else 400 `unknownMember`). */
export async function assertActiveMembers(
  client: DbClient,
  ctx: Pick<Ctx, 'company'>,
  members: { userId: string }[],
): Promise<string[]> {
  const userIds = [...new Set(members.map((member) => member.userId))];
  if (userIds.length === 0) return userIds;
  const found = await client.membership.findMany({
    where: { companyId: ctx.company.id, deletedAt: null, userId: { in: userIds } },
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
