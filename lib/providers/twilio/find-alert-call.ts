import { createdSince, recentRecordsTo } from './recent-twilio-records';
import { twilioClient } from './twilio-client';

/**
 * In-doubt recovery: the SID of a call Twilio already has from our number to `to`, created at or after `since` (a
 * worker died between Twilio's answer and recording it), else null. Twilio lists newest first.
 */
export async function findAlertCall(query: { to: string; since: Date }): Promise<string | null> {
  const calls = await twilioClient().calls.list(recentRecordsTo(query.to));
  return calls.find((call) => createdSince(call, query.since))?.sid ?? null;
}
