import type { DbClient } from '@/lib/db';
import { EMAIL_JOBS, enqueue } from '@/lib/queue';
import { recordAnswer, type AnsweringRecipient, type GivenAnswer } from './record-answer';

/**
 * Records an answer from any channel (recordAnswer) and, for "I need help", queues the notice to the people who can act
 * (send-help-notice.ts), one per answer (its job id names the answer's time). A webhook delivered again after the
 * answer was recorded but its notice not queued (Redis was down) queues it then, for the time first recorded. False
 * when the provider's message was answered before.
 */
export async function keepAnswer(
  db: DbClient,
  at: Date,
  recipient: AnsweringRecipient,
  answer: GivenAnswer,
): Promise<boolean> {
  const recorded = await recordAnswer(db, at, recipient, answer);
  if (answer.kind === 'needsHelp') {
    const answeredAt = recorded ? at : await firstRecordedAt(db, recipient.alertId, answer.providerId);
    if (answeredAt) {
      await enqueue(EMAIL_JOBS.helpNotice, {
        alertId: recipient.alertId,
        userId: recipient.userId,
        answeredAt: answeredAt.toISOString(),
      });
    }
  }
  return recorded;
}

async function firstRecordedAt(db: DbClient, alertId: string, providerId: string | null | undefined) {
  if (!providerId) return null;
  const answer = await db.alertAnswer.findUnique({
    where: { alertId_providerId: { alertId, providerId } },
    select: { answeredAt: true },
  });
  return answer?.answeredAt ?? null;
}
