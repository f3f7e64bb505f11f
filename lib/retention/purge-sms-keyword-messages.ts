import type { Db } from '@/lib/db';
import { daysBefore } from './retention-windows';

/**
 * The record of keyword SMS already applied (STOP, START, HELP by MessageSid) is only there to apply a webhook Twilio
 * sends again once: Twilio retries within hours, so a week later the row (a phone number) has served and goes.
 */
export async function purgeSmsKeywordMessages(client: Db, now: Date): Promise<number> {
  const result = await client.smsKeywordMessage.deleteMany({ where: { receivedAt: { lt: daysBefore(now, 7) } } });
  return result.count;
}
