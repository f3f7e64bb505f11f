import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { describeTarget } from '@/lib/targeting/describe-target';
import type { positioningIdParams } from './positioning-body';
import { peopleStats } from './positioning-stats';

export const positioningSelect = {
  id: true,
  companyId: true,
  reason: true,
  target: true,
  createdAt: true,
  answerBy: true,
  closedAt: true,
  author: { select: { id: true, name: true } },
} satisfies Prisma.PositioningSelect;

type PositioningRow = Prisma.PositioningGetPayload<{ select: typeof positioningSelect }>;

/** A positioning as the log and the results screen show it: who asked, when, why, whom, and how many were found. */
export async function positioningViews(client: DbClient, rows: PositioningRow[]) {
  const stats = await peopleStats(
    client,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const people = stats.get(row.id)!;
      return {
        id: row.id,
        reason: row.reason,
        target: await describeTarget(client, row.companyId, row.target),
        createdAt: row.createdAt.toISOString(),
        answerBy: row.answerBy.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
        askedBy: row.author ? { userId: row.author.id, name: row.author.name } : null,
        found: people.found + people.withinArea + people.notInArea,
        total: people.total,
        stats: people,
      };
    }),
  );
}

/** One positioning of the caller's company (404 for another company's, or an unknown id). */
export async function findCompanyPositioning(ctx: Ctx, id: string) {
  const positioning = await ctx.db.positioning.findFirst({
    where: { id, companyId: ctx.company.id },
    select: positioningSelect,
  });
  if (!positioning) throw ApiError.notFound('The positioning');
  return positioning;
}

export async function getPositioning(ctx: Ctx, input: z.output<typeof positioningIdParams>) {
  const [view] = await positioningViews(ctx.db, [await findCompanyPositioning(ctx, input.id)]);
  return view;
}
