import { answerCountsByAlert } from '@/lib/answers/answer-counts';
import type { Ctx } from '@/lib/context';
import type { AlertType } from '@/lib/generated/prisma/enums';
import { shownAlertType } from '@/lib/alerts/shown-alert-type';
import { LATEST_ALERTS } from './dash-limits';

/**
 * GET /api/dash/answers (admins): the company's newest active alerts that ask people to answer, each with its answer
 * counts (accounted for, safe, needs help, other, none) and how many needs of help are still open: what the dashboard's
 * answers card shows and reloads after each answer.
 */
export async function getDashAnswers(ctx: Ctx) {
  const alerts = await ctx.db.$queryRaw<{ id: string; title: string; type: AlertType; sentAt: Date }[]>`
    SELECT id, title, type, "sentAt" FROM "Alert"
    WHERE "companyId" = ${ctx.company.id}::uuid AND status = 'active' AND "sentAt" IS NOT NULL
      AND jsonb_array_length("responseOptions") > 0
    ORDER BY "sentAt" DESC
    LIMIT ${LATEST_ALERTS}`;
  const ids = alerts.map((alert) => alert.id);
  const [counts, openHelp] = await Promise.all([
    answerCountsByAlert(ctx.db, ids),
    ids.length
      ? ctx.db.$queryRaw<{ alertId: string; count: number }[]>`
          SELECT "alertId", count(*)::int AS count FROM "AlertRecipient"
          WHERE "alertId" = ANY(${ids}::uuid[]) AND "answerKind" = 'needsHelp'
            AND ("helpHandledAt" IS NULL OR "helpHandledAt" < "answeredAt")
          GROUP BY 1`
      : [],
  ]);
  const open = new Map(openHelp.map((row) => [row.alertId, row.count]));
  return {
    alerts: alerts.map((alert) => ({
      id: alert.id,
      title: alert.title,
      alertType: shownAlertType(alert.type),
      sentAt: alert.sentAt.toISOString(),
      answers: counts.get(alert.id)!,
      needsHelpOpen: open.get(alert.id) ?? 0,
    })),
  };
}
