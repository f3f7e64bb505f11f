import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { countCapped } from '@/lib/db/count-capped';
import { pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { OUTBOX_CHANNELS, OUTBOX_PAGE_SIZE } from './outbox-channels';
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
  const where = { companyId: ctx.company.id, ...(input.channel ? { channel: input.channel } : {}) };
  const [rows, total] = await Promise.all([
    ctx.db.outboundMessage.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...pageWindow(input),
      select: {
        id: true,
        channel: true,
        recipient: true,
        subject: true,
        body: true,
        status: true,
        alertId: true,
        createdAt: true,
      },
    }),
    countCapped(ctx.db, [
      Prisma.sql`SELECT 1 FROM "OutboundMessage" WHERE "companyId" = ${ctx.company.id}::uuid
        ${input.channel ? Prisma.sql`AND channel = ${input.channel}::"OutboxChannel"` : Prisma.empty}`,
    ]),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: input.page,
    pageSize: input.pageSize,
    ...total,
    drivers: outboxDrivers(),
  };
}
