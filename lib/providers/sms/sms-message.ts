/** A text message outside alert delivery, as sendSms takes it and its drivers send it. */
export interface SmsMessage {
  /** E.164, e.g. +4791234567. */
  to: string;
  body: string;
  /** The company the message is about, if any (shown with it in the outbox). */
  companyId?: string | null;
}
