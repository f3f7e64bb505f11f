import { isPermanentTwilioFailure } from '@/lib/providers/twilio/twilio-client';
import type { DeliveryFailureCode } from './failure-reasons';
import type { SendOutcome } from './record-outcomes';

/** A Twilio request that threw: refused for good (bad number, ...) or worth another attempt (outage, timeout). */
export function twilioFailure(userId: string, error: unknown): SendOutcome {
  const { message, code } = (error ?? {}) as { message?: string; code?: number };
  const reason = code ? `Twilio error ${code}: ${message ?? ''}`.trim() : (message ?? String(error));
  return { userId, sent: false, permanent: isPermanentTwilioFailure(error), reason };
}

export function noPhone(userId: string): SendOutcome {
  return { userId, sent: false, permanent: true, reason: 'noPhone' satisfies DeliveryFailureCode };
}
