import Papa from 'papaparse';
import { z } from 'zod';
import { DAY_MS, HOME_TIME_ZONE } from '@/lib/clock';
import type { Ctx } from '@/lib/context';
import type { NamedFile } from '@/lib/http/answers';
import { DELIVERY_STATUSES, deliveryStatsByAlert } from './delivery-status';
import { shownAlertType } from './shown-alert-type';
import { visibleAlertsWhere } from './visible-alerts';

export const EXPORT_MAX_DAYS = 366;

const day = z.iso.date();

/** `from` and `to` are calendar days (YYYY-MM-DD) in Norwegian time, both included, at most 366 days. */
export const exportAlertsQuery = z.object({ from: day, to: day }).superRefine(({ from, to }, context) => {
  if (!day.safeParse(from).success || !day.safeParse(to).success) return; // already reported as not valid
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to cannot be before from', input: to });
  if (days > EXPORT_MAX_DAYS)
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `The period cannot be longer than ${EXPORT_MAX_DAYS} days`,
      input: to,
    });
});

/** Counted under their own column (after recipients), so not repeated among the status columns. */
const STATUS_COLUMNS = DELIVERY_STATUSES.filter((status) => status !== 'outOfTarget');
const COLUMNS = [
  'id',
  'sentAt',
  'type',
  'status',
  'title',
  'message',
  'author',
  'closedAt',
  'recipients',
  'outOfTarget',
  ...STATUS_COLUMNS,
];

/**
 * GET /api/alerts/export: the company's alerts sent in the period as a CSV file, oldest first, with each alert's delivery
 * counts. Cells that a spreadsheet would run as a formula are escaped.
 */
export async function exportAlerts(ctx: Ctx, input: z.output<typeof exportAlertsQuery>): Promise<NamedFile<string>> {
  const [{ start, end }] = await ctx.db.$queryRaw<{ start: Date; end: Date }[]>`
    SELECT (${input.from}::date)::timestamp AT TIME ZONE ${HOME_TIME_ZONE} AS start,
           (${input.to}::date + 1)::timestamp AT TIME ZONE ${HOME_TIME_ZONE} AS "end"`;
  const alerts = await ctx.db.alert.findMany({
    where: { AND: [visibleAlertsWhere(ctx), { sentAt: { gte: start, lt: end } }] },
    orderBy: [{ sentAt: 'asc' }, { id: 'asc' }],
    include: { author: { select: { name: true } } },
  });
  const stats = await deliveryStatsByAlert(
    ctx.db,
    alerts.map((alert) => alert.id),
  );
  const data = alerts.map((alert) => {
    const counts = stats.get(alert.id)!;
    return [
      alert.id,
      alert.sentAt!.toISOString(),
      shownAlertType(alert.type),
      alert.status,
      alert.title,
      alert.message,
      alert.author?.name ?? '',
      alert.closedAt?.toISOString() ?? '',
      counts.recipients,
      counts.outOfTarget,
      ...STATUS_COLUMNS.map((status) => counts[status]),
    ];
  });
  const csv = Papa.unparse({ fields: COLUMNS, data }, { escapeFormulae: true });
  return { fileName: `alerts-${input.from}-${input.to}.csv`, content: `${csv}\r\n` };
}
