import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Paging } from '@/lib/http-parts/paging';

type AlertStatus = 'active' | 'completed' | 'draft';

/**
 * The ids of one page of the alerts the caller sent or received in the target (myAlertsWhere), in the list's order:
 * sent time newest first with drafts before every sent alert, then last change newest first, then id. Each way of
 * being "mine" is read by its own index, newest first, and only as far as the page: the caller's own alerts by
 * `Alert(authorId, sentAt)`, the received ones by their recipient rows by time (`AlertRecipient(userId, companyId,
 * inTarget, createdAt, alertId)`; a row's createdAt is its alert's sentAt, both written by the send). The first
 * page × size of each, merged, hold the page; one condition "author or recipient" instead walks the company's history
 * and hashes every recipient row of the caller (docs/decisions.md, "A person's own alert log pages by their own rows").
 */
export async function findMyAlertsPage(
  ctx: Pick<Ctx, 'db' | 'company' | 'userId'>,
  statuses: AlertStatus[],
  paging: Paging,
): Promise<string[]> {
  const reach = paging.page * paging.pageSize;
  const me = Prisma.sql`${ctx.userId}::uuid`;
  const company = Prisma.sql`${ctx.company.id}::uuid`;
  const statusIn = Prisma.sql`a.status = ANY(${statuses}::"AlertStatus"[])`;
  const order = (sentAt: Prisma.Sql) => Prisma.sql`ORDER BY ${sentAt} DESC NULLS FIRST, a."updatedAt" DESC, a.id ASC`;
  const authored = Prisma.sql`
    (SELECT a.id FROM "Alert" a
     WHERE a."authorId" = ${me} AND a."companyId" = ${company} AND ${statusIn}
     ${order(Prisma.sql`a."sentAt"`)} LIMIT ${reach})`;
  const received = Prisma.sql`
    (SELECT a.id FROM "AlertRecipient" r JOIN "Alert" a ON a.id = r."alertId"
     WHERE r."userId" = ${me} AND r."companyId" = ${company} AND r."inTarget" AND ${statusIn}
     ${order(Prisma.sql`r."createdAt"`)} LIMIT ${reach})`;
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM (${authored} UNION ${received}) mine JOIN "Alert" a ON a.id = mine.id
    ${order(Prisma.sql`a."sentAt"`)} OFFSET ${reach - paging.pageSize} LIMIT ${paging.pageSize}`;
  return rows.map((row) => row.id);
}
