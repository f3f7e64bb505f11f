import { createdSince, recentRecordsTo } from './recent-twilio-records';
import { twilioClient } from './twilio-client';

/**
 * In-doubt recovery: the SID of the SMS with this text that Twilio already has from our number to `to`, created at or
 * after `since` (a worker died between Twilio's answer and recording it), else null. Twilio lists newest first.
 */
export async function findAlertSms(query: { to: string; body: string; since: Date }): Promise<string | null> {
  const messages = await twilioClient().messages.list(recentRecordsTo(query.to));
  return messages.find((message) => message.body === query.body && createdSince(message, query.since))?.sid ?? null;
}
