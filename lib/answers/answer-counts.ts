import type { DbClient } from '@/lib/db';
import { ANSWER_KINDS, type AnswerKind } from './response-options';

/** Of the people an alert alerted (in the area): how many answered each kind, how many not yet, and how many answered. */
export type AnswerCounts = Record<AnswerKind | 'none' | 'accountedFor', number>;

/** The answer counts of each alert, from the latest answer on its recipient rows (index alertId, answerKind). */
export async function answerCountsByAlert(client: DbClient, alertIds: string[]): Promise<Map<string, AnswerCounts>> {
  const rows = alertIds.length
    ? await client.$queryRaw<{ alertId: string; kind: AnswerKind | null; count: number }[]>`
        SELECT "alertId", "answerKind" AS kind, count(*)::int AS count
        FROM "AlertRecipient"
        WHERE "alertId" = ANY(${alertIds}::uuid[]) AND "inTarget"
        GROUP BY 1, 2`
    : [];
  const counts = new Map(alertIds.map((id) => [id, noAnswers()]));
  for (const row of rows) {
    const alert = counts.get(row.alertId)!;
    alert[row.kind ?? 'none'] += row.count;
    if (row.kind) alert.accountedFor += row.count;
  }
  return counts;
}

function noAnswers(): AnswerCounts {
  return {
    ...(Object.fromEntries(ANSWER_KINDS.map((kind) => [kind, 0])) as Record<AnswerKind, number>),
    none: 0,
    accountedFor: 0,
  };
}
