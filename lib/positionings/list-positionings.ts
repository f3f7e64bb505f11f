import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageWindow } from '@/lib/http-parts/paging';
import { positioningSelect, positioningViews } from './get-positioning';
import type { listPositioningsQuery } from './positioning-body';

/**
 * One page of the positioning log, newest first: `mine` = those the caller asked for and those that located the caller
 * (the person located sees who asked and why), `all` = the company's (admins).
 */
export async function listPositionings(ctx: Ctx, input: z.output<typeof listPositioningsQuery>, scope: 'mine' | 'all') {
  const where: Prisma.PositioningWhereInput = {
    companyId: ctx.company.id,
    ...(scope === 'mine' ? { OR: [{ authorId: ctx.userId }, { results: { some: { userId: ctx.userId } } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.db.positioning.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      select: positioningSelect,
      ...pageWindow(input),
    }),
    input.includeTotal ? ctx.db.positioning.count({ where }) : undefined,
  ]);
  return {
    items: await positioningViews(ctx.db, rows),
    page: input.page,
    pageSize: input.pageSize,
    ...(total === undefined ? {} : { total }),
  };
}
