import type { DbClient } from '@/lib/db';
import { deliverSmsByTwilio } from '@/lib/providers/sms/deliver-by-twilio';
import type { SmsMessage } from '@/lib/providers/sms/sms-message';
import { markTwilioOptOuts, smsOptOutsOf, TWILIO_OPTED_OUT_CODE } from './sms-opt-outs';

/**
 * An SMS outside alerts (SOS to a contact, the app reminder) through Twilio, unless its number is opted out of SMS
 * (issue 36): then nothing is requested and it resolves null. Twilio's 21610 marks the number, and is thrown on as the
 * permanent failure it is.
 */
export async function deliverSmsUnlessOptedOut(db: DbClient, message: SmsMessage): Promise<string | null> {
  if ((await smsOptOutsOf(db, [message.to])).size > 0) return null;
  try {
    return await deliverSmsByTwilio(message);
  } catch (error) {
    if ((error as { code?: unknown }).code === TWILIO_OPTED_OUT_CODE)
      await markTwilioOptOuts(db, [message.to], new Date());
    throw error;
  }
}
