/**
 * The reasons the delivery engine itself writes into a failed receipt (Receipt.error). The delivery report shows each
 * one in words (messages: alerts.failureReason.*), never the code; any other text came from a provider (Twilio, FCM,
 * Web Push) and is shown as it is. A push to several devices that all failed records each device's reason, joined.
 */
export const DELIVERY_FAILURE_CODES = [
  /** No device that can receive push (lib/devices/can-receive-push.ts). */
  'noApp',
  /** A device without its push token or a usable Web Push subscription. */
  'noPushToken',
  /** SMS or call to a person without a phone number. */
  'noPhone',
  /** The outbox (no provider configured) did not keep the message: tried again. */
  'outboxNotRecorded',
  /** SMS to a number whose person replied STOP (or a kin keyword) to our SMS (lib/sms-opt-out). */
  'smsOptedOut',
  /** SMS to a number Twilio refuses with error 21610: it holds the person's opt-out. */
  'smsOptedOutTwilio',
] as const;

export type DeliveryFailureCode = (typeof DELIVERY_FAILURE_CODES)[number];

export function isDeliveryFailureCode(reason: string): reason is DeliveryFailureCode {
  return (DELIVERY_FAILURE_CODES as readonly string[]).includes(reason);
}

const SEPARATOR = '; ';

export function joinFailureReasons(reasons: string[]): string {
  return reasons.join(SEPARATOR);
}

/** A receipt's error as its parts, each either one of our codes or a provider's own text. */
export function failureReasonParts(error: string): ({ code: DeliveryFailureCode } | { text: string })[] {
  return error
    .split(SEPARATOR)
    .filter(Boolean)
    .map((part) => (isDeliveryFailureCode(part) ? { code: part } : { text: part }));
}
