import { isPermanentTwilioFailure } from '@/lib/providers/twilio/twilio-client';
import type { DeliveryFailureCode } from '@/lib/providers/failure-reasons';
import { TWILIO_OPTED_OUT_CODE } from '@/lib/sms-opt-out/sms-opt-outs';
import type { SendOutcome } from './record-outcomes';

/** Network errors that end a request before Twilio could have had it: sending again cannot send the message twice. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A Twilio request that threw: refused for good (bad number, ...), worth another attempt (an outage Twilio answered,
 * a connection never made), or in doubt: no answer came (a timeout, a connection cut), so Twilio may have taken the
 * message and only a look-up can tell whether to send it again. Twilio's 21610 (the number opted out) is our code
 * smsOptedOutTwilio, so the report says it in words and the number is marked opted out (skipOptedOutNumbers).
 */
export function twilioFailure(userId: string, error: unknown): SendOutcome {
  const { message, code, status } = (error ?? {}) as { message?: string; code?: number | string; status?: unknown };
  const reason =
    typeof code === 'number' ? `Twilio error ${code}: ${message ?? ''}`.trim() : (message ?? String(error));
  if (typeof status !== 'number' && !NOT_SENT_CODES.has(String(code)))
    return { userId, sent: false, inDoubt: true, reason };
  if (code === TWILIO_OPTED_OUT_CODE) return { userId, sent: false, permanent: true, reason: 'smsOptedOutTwilio' };
  return { userId, sent: false, permanent: isPermanentTwilioFailure(error), reason };
}

export function noPhone(userId: string): SendOutcome {
  return { userId, sent: false, permanent: true, reason: 'noPhone' satisfies DeliveryFailureCode };
}
