import type { DbClient } from '@/lib/db';
import type { SmsOptOutSource } from '@/lib/generated/prisma/enums';

/** Twilio's "Attempt to send to unsubscribed recipient": it holds the person's opt-out (a STOP it handled itself). */
export const TWILIO_OPTED_OUT_CODE = 21610;

/** The numbers among `phones` that are opted out of SMS, with how. */
export async function smsOptOutsOf(db: DbClient, phones: (string | null)[]): Promise<Map<string, SmsOptOutSource>> {
  const wanted = [...new Set(phones.filter((phone): phone is string => Boolean(phone)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.smsOptOut.findMany({ where: { phone: { in: wanted } }, select: { phone: true, source: true } });
  return new Map(rows.map((row) => [row.phone, row.source]));
}

/**
 * Numbers Twilio refused with 21610 (it holds an opt-out for them): opted out here too, so later alerts do not ask
 * again. A number already opted out by keyword keeps that record.
 */
export async function markTwilioOptOuts(db: DbClient, phones: string[], at: Date): Promise<void> {
  if (phones.length === 0) return;
  await db.smsOptOut.createMany({
    data: phones.map((phone) => ({ phone, source: 'twilio' as const, keyword: null, optedOutAt: at })),
    skipDuplicates: true,
  });
}
