/** A picture the HTML shows with `<img src="cid:…">`, sent as an inline part of the message. */
export interface InlineImage {
  cid: string;
  fileName: string;
  contentType: 'image/png';
  contentBase64: string;
}

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
  /** Pictures inside the HTML (the responder's QR code). */
  images?: InlineImage[];
}
