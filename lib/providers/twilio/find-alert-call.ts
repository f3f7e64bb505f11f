import { createdSince, recentRecordsTo } from './recent-twilio-records';
import { twilioClient } from './twilio-client';

/**
 * In-doubt recovery: the SIDs of the calls Twilio has from our number to `to`, created at or after `since`, newest
 * first (a worker died between Twilio's answer and recording it). A call carries nothing of its alert: the caller
 * leaves out those another receipt holds (lib/delivery/first-unrecorded-sid.ts).
 */
export async function findAlertCalls(query: { to: string; since: Date }): Promise<string[]> {
  const calls = await twilioClient().calls.list(recentRecordsTo(query.to));
  return calls.filter((call) => createdSince(call, query.since)).map((call) => call.sid);
}
