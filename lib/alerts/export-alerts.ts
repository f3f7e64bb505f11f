import Papa from 'papaparse';
import { z } from 'zod';
import { answerCountsByAlert } from '@/lib/answers/answer-counts';
import { ANSWER_KINDS, storedResponseOptions } from '@/lib/answers/response-options';
import { DAY_MS } from '@/lib/clock';
import { HOME_TIME_ZONE } from '@/lib/home-time-zone';
import type { Ctx } from '@/lib/context';
import type { AlertType } from '@/lib/generated/prisma/enums';
import type { NamedFile } from '@/lib/http-parts/answers';
import { messageTranslator, type Translate } from '@/lib/i18n/message-translator';
import { HTML_LANG, LOCALES, type Locale } from '@/lib/i18n/locales';
import { SEVERITIES } from './alert-body';
import { DELIVERY_STATUSES, deliveryStatsByAlert } from './delivery-status';
import { visibleAlertsWhere } from './visible-alerts';

export const EXPORT_MAX_DAYS = 366;

const day = z.iso.date();

/**
 * `from` and `to` are calendar days (YYYY-MM-DD) in Norwegian time, both included, at most 366 days. `locale` is the
 * language of the file's words (the interface sends the one it shows); without it, the user's own language.
 */
export const exportAlertsQuery = z
  .object({ from: day, to: day, locale: z.enum(LOCALES).optional() })
  .superRefine(({ from, to }, context) => {
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
const FACT_COLUMNS = ['id', 'sentAt', 'severity', 'status', 'title', 'message', 'author', 'closedAt', 'recipients'];
/** The answers to the response options, after the delivery states: per kind, not yet, and answered (accounted for). */
const ANSWER_COLUMNS = [...ANSWER_KINDS, 'none'] as const;

/**
 * Excel splits a CSV file at the list separator of the computer's region: a comma where the decimal mark is a point,
 * a semicolon where the decimal mark is a comma (es, nb, da, sv).
 */
export function csvSeparator(locale: Locale): ',' | ';' {
  const decimal = new Intl.NumberFormat(HTML_LANG[locale]).formatToParts(1.5).find((part) => part.type === 'decimal');
  return decimal?.value === ',' ? ';' : ',';
}

/** "2026-03-02 00:30:00" in Norwegian time: a date and time every spreadsheet reads as one, in every region. */
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: HOME_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function spreadsheetTime(at: Date | null): string {
  if (!at) return '';
  const part = Object.fromEntries(timeFormat.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** The severity as chosen when sent, in the interface's words (the alert details' badge): SOS and mission alarms by type. */
function severityWord(t: Translate, type: AlertType): string {
  return (SEVERITIES as readonly string[]).includes(type) ? t(`severity.${type}`) : t(`types.${type}`);
}

export async function exporterLocale(ctx: Ctx, chosen: Locale | undefined): Promise<string> {
  if (chosen) return chosen;
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { locale: true } });
  return user.locale;
}

/**
 * GET /api/alerts/export: the company's alerts sent in the period as a CSV file for spreadsheets, oldest first, with each
 * alert's delivery counts; headers, severities, statuses and delivery states in the exporter's language, as the interface
 * shows them. Cells that a spreadsheet would run as a formula are escaped.
 */
export async function exportAlerts(ctx: Ctx, input: z.output<typeof exportAlertsQuery>): Promise<NamedFile<string>> {
  const locale = await exporterLocale(ctx, input.locale);
  const { language, t } = await messageTranslator(locale, 'alerts');
  const answerWords = (await messageTranslator(locale, 'answers')).t;
  const [{ start, end }] = await ctx.db.$queryRaw<{ start: Date; end: Date }[]>`
    SELECT (${input.from}::date)::timestamp AT TIME ZONE ${HOME_TIME_ZONE} AS start,
           (${input.to}::date + 1)::timestamp AT TIME ZONE ${HOME_TIME_ZONE} AS "end"`;
  const alerts = await ctx.db.alert.findMany({
    where: { AND: [visibleAlertsWhere(ctx), { sentAt: { gte: start, lt: end } }] },
    orderBy: [{ sentAt: 'asc' }, { id: 'asc' }],
    include: { author: { select: { name: true } } },
  });
  const ids = alerts.map((alert) => alert.id);
  const [stats, answers] = await Promise.all([deliveryStatsByAlert(ctx.db, ids), answerCountsByAlert(ctx.db, ids)]);
  const fields = [
    ...FACT_COLUMNS.map((column) => t(`log.export.columns.${column}`)),
    t('deliveryStatus.outOfTarget'),
    ...STATUS_COLUMNS.map((status) => t(`deliveryStatus.${status}`)),
    ...ANSWER_COLUMNS.map((kind) => answerWords(`kinds.${kind}`)),
    answerWords('accountedFor'),
  ];
  const data = alerts.map((alert) => {
    const counts = stats.get(alert.id)!;
    const answered = answers.get(alert.id)!;
    // An alert that asked nothing has no answers to count: blank, not everyone "without an answer".
    const asked = storedResponseOptions(alert.responseOptions).length > 0;
    return [
      alert.id,
      spreadsheetTime(alert.sentAt),
      severityWord(t, alert.type),
      t(`status.${alert.status}`),
      alert.title,
      alert.message,
      alert.author?.name ?? '',
      spreadsheetTime(alert.closedAt),
      counts.recipients,
      counts.outOfTarget,
      ...STATUS_COLUMNS.map((status) => counts[status]),
      ...[...ANSWER_COLUMNS.map((kind) => answered[kind]), answered.accountedFor].map((count) => (asked ? count : '')),
    ];
  });
  const csv = Papa.unparse({ fields, data }, { escapeFormulae: true, delimiter: csvSeparator(language) });
  return { fileName: `alerts-${input.from}-${input.to}.csv`, content: `${csv}\r\n` };
}
