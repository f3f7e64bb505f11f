import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { alertListItem, alertListItemSelect } from './alert-list-item';
import { countListedAlerts } from './count-listed-alerts';
import { findMyAlertsPage } from './find-my-alerts-page';
import { myAlertsWhere, visibleAlertsWhere } from './visible-alerts';

export const ALERT_LIST_PAGE_SIZE = 25;
export const MAX_ALERT_LIST_PAGE_SIZE = 100;

const listedStatus = z.enum(['active', 'completed', 'draft']);

export const listAlertsQuery = pagingQuery(ALERT_LIST_PAGE_SIZE).extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_ALERT_LIST_PAGE_SIZE).default(ALERT_LIST_PAGE_SIZE),
  /** Repeated (?statuses=active&statuses=completed): one value arrives as a string. */
  statuses: z
    .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(listedStatus).min(1))
    .default(['active', 'completed']),
  includeTotal: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('Add `total`, the number of matching alerts up to 10,000, and `totalCapped`: true when there are more'),
});

export type ListAlertsInput = z.output<typeof listAlertsQuery>;

/**
 * One page of alerts, newest first: `mine` = sent by or to the caller, `all` = every alert the caller may see (admins:
 * the company's). Drafts are only ever the caller's own; they come first (they have no sent time), by last change.
 */
export async function listAlerts(ctx: Ctx, input: ListAlertsInput, scope: 'mine' | 'all') {
  const [alerts, total] = await Promise.all([
    // Closed alerts are the history: a person's own list of it is paged by their own rows. Active alerts (they close
    // after 7 days) and drafts are few, read from the company's alerts of that status as the admins' list is.
    scope === 'mine' && input.statuses.includes('completed')
      ? myAlertsPage(ctx, input)
      : visibleAlertsPage(ctx, input, scope),
    input.includeTotal ? countListedAlerts(ctx, input.statuses, scope) : undefined,
  ]);
  return {
    items: await Promise.all(alerts.map(alertListItem)),
    page: input.page,
    pageSize: input.pageSize,
    ...total,
  };
}

const LIST_ORDER = [
  { sentAt: { sort: 'desc', nulls: 'first' } },
  { updatedAt: 'desc' },
  { id: 'asc' },
] satisfies Prisma.AlertOrderByWithRelationInput[];

/** A page of the company's alerts of the statuses asked, walked by the company's index by time, that the caller may see. */
function visibleAlertsPage(ctx: Ctx, input: ListAlertsInput, scope: 'mine' | 'all') {
  return ctx.db.alert.findMany({
    where: {
      AND: [
        visibleAlertsWhere(ctx),
        ...(scope === 'mine' ? [myAlertsWhere(ctx)] : []),
        { status: { in: input.statuses } },
      ],
    },
    orderBy: LIST_ORDER,
    select: alertListItemSelect,
    ...pageWindow(input),
  });
}

/** A page of what the caller sent or received, each read by its own index (findMyAlertsPage), then by id. */
async function myAlertsPage(ctx: Ctx, input: ListAlertsInput) {
  const ids = await findMyAlertsPage(ctx, input.statuses, input);
  return ctx.db.alert.findMany({ where: { id: { in: ids } }, orderBy: LIST_ORDER, select: alertListItemSelect });
}
