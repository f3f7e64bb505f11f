import { required } from '@/lib/env';

/** An in-doubt send happened moments ago: the newest page of one number's records is plenty to find it. */
const LOOKUP_LIMIT = 50;

/** Twilio's list filter (messages.list / calls.list) for what our number sent to `to`: one page, newest first. */
export function recentRecordsTo(to: string) {
  return { to, from: required('TWILIO_FROM_NUMBER'), pageSize: LOOKUP_LIMIT, limit: LOOKUP_LIMIT };
}

/**
 * Whether a listed message or call was created at or after `since`. Twilio's date_created has whole seconds, so `since`
 * counts from the start of its second. Compared on date_created because a queued message has no date_sent yet.
 */
export function createdSince(record: { dateCreated: Date }, since: Date): boolean {
  return new Date(record.dateCreated).getTime() >= Math.floor(since.getTime() / 1000) * 1000;
}
