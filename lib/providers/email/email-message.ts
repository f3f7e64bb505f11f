/** An e-mail as sendEmail takes it and its drivers send it. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go, when not to the sender (a sales request: the admin who asked). */
  replyTo?: string | null;
  /** The company the message is about, if any (shown with it in the outbox). */
  companyId?: string | null;
}
