import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { countCapped } from '@/lib/db/count-capped';
import { pageWindow, pagingQuery, type Paging } from '@/lib/http-parts/paging';
import { OUTBOX_CHANNELS, OUTBOX_PAGE_SIZE, type OutboxChannel } from './outbox-channels';
import { outboxDrivers } from './outbox-drivers';

export const listOutboxQuery = pagingQuery(OUTBOX_PAGE_SIZE).extend({
  /** Only this channel's messages; all channels when left out. */
  channel: z.enum(OUTBOX_CHANNELS).optional(),
});

/**
 * GET /api/outbox (admins): what the outbox driver recorded for the company in place of a real provider (DESIGN §6),
 * newest first, one page with the total (up to TOTAL_CAP, totalCapped beyond), and which channels really go out through a
 * provider. The total is counted from the index alone and stops past the cap: the outbox grows with every SMS.
 */
export async function listOutbox(ctx: Ctx, input: z.output<typeof listOutboxQuery>) {
  return {
    ...(await outboxPage(ctx.db, { companyId: ctx.company.id, channel: input.channel }, input)),
    drivers: outboxDrivers(),
  };
}

/**
 * One page of what the outbox recorded, newest first, with its capped total: one company's messages, or (no company
 * given, for the install's operators) every company's and those of no company (sign-up confirmations, resets).
 */
export async function outboxPage(db: DbClient, scope: { companyId?: string; channel?: OutboxChannel }, paging: Paging) {
  const where = {
    ...(scope.companyId ? { companyId: scope.companyId } : {}),
    ...(scope.channel ? { channel: scope.channel } : {}),
  };
  const conditions = [
    scope.companyId ? Prisma.sql`"companyId" = ${scope.companyId}::uuid` : null,
    scope.channel ? Prisma.sql`channel = ${scope.channel}::"OutboxChannel"` : null,
  ].filter((condition) => condition !== null);
  const [rows, total] = await Promise.all([
    db.outboundMessage.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...pageWindow(paging),
      select: {
        id: true,
        channel: true,
        recipient: true,
        subject: true,
        body: true,
        status: true,
        alertId: true,
        createdAt: true,
        company: { select: { name: true } },
      },
    }),
    countCapped(db, [
      Prisma.sql`SELECT 1 FROM "OutboundMessage"
        ${conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty}`,
    ]),
  ]);
  return {
    items: rows.map(({ company, ...row }) => ({
      ...row,
      /** The company it was recorded for; null for a message of no company (a sign-up, a password reset). */
      companyName: company?.name ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    page: paging.page,
    pageSize: paging.pageSize,
    ...total,
  };
}
