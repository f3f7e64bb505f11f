import { createdSince, recentRecordsTo } from './recent-twilio-records';
import { twilioClient } from './twilio-client';

/**
 * In-doubt recovery: the SIDs of the SMS with this text that Twilio has from our number to `to`, created at or after
 * `since`, newest first (a worker died between Twilio's answer and recording it). The caller leaves out those another
 * receipt holds (lib/delivery/first-unrecorded-sid.ts): the same text may have gone to the person for another alert.
 */
export async function findAlertSms(query: { to: string; body: string; since: Date }): Promise<string[]> {
  const messages = await twilioClient().messages.list(recentRecordsTo(query.to));
  return messages
    .filter((message) => message.body === query.body && createdSince(message, query.since))
    .map((message) => message.sid);
}
