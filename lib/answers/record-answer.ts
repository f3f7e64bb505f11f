import type { DbClient } from '@/lib/db';
import type { AnswerKind } from './response-options';

/** Where an answer came from: the device API, an SMS reply, a key press in the alert call, the tap-to-answer link. */
export type AnswerChannel = 'app' | 'sms' | 'voice' | 'link';

export interface AnsweringRecipient {
  id: string;
  alertId: string;
  userId: string;
  companyId: string;
}

export interface GivenAnswer {
  option: number;
  kind: AnswerKind;
  channel: AnswerChannel;
  /**
   * The provider's id of the message it came in as (a Twilio MessageSid; a call's CallSid, step and key): a webhook
   * delivered twice answers once.
   */
  providerId?: string | null;
}

/**
 * Keeps an answer (every one, with its time and channel) and makes it the recipient's latest unless a later one is there
 * already (answers from two channels may arrive out of order). One statement: both or neither. False when the provider's
 * message was answered before (nothing changed).
 */
export async function recordAnswer(
  db: DbClient,
  at: Date,
  recipient: AnsweringRecipient,
  answer: GivenAnswer,
): Promise<boolean> {
  const [{ count }] = await db.$queryRaw<{ count: number }[]>`
    WITH answer AS (
      INSERT INTO "AlertAnswer" (id, "alertId", "companyId", "recipientId", "userId", option, kind, channel, "providerId", "answeredAt")
      VALUES (gen_random_uuid(), ${recipient.alertId}::uuid, ${recipient.companyId}::uuid, ${recipient.id}::uuid,
              ${recipient.userId}::uuid, ${answer.option}, ${answer.kind}::"AnswerKind", ${answer.channel}::"AnswerChannel",
              ${answer.providerId ?? null}, ${at})
      ON CONFLICT ("alertId", "providerId") DO NOTHING
      RETURNING "recipientId"
    ), latest AS (
      UPDATE "AlertRecipient" r
      SET "answerOption" = ${answer.option}, "answerKind" = ${answer.kind}::"AnswerKind", "answeredAt" = ${at},
          "answerChannel" = ${answer.channel}::"AnswerChannel"
      FROM answer
      WHERE r.id = answer."recipientId" AND (r."answeredAt" IS NULL OR r."answeredAt" <= ${at})
    )
    SELECT count(*)::int AS count FROM answer`;
  return count > 0;
}
