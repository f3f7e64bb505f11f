import { createTransport, type Transporter } from 'nodemailer';
import { env, required } from '@/lib/env';
import { processSingleton } from '@/lib/singleton';
import type { EmailMessage } from './email-message';

const smtp = processSingleton<Transporter>('smtp', () => createTransport(required('SMTP_URL')));

/** Hands the message to the SMTP server of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export async function deliverBySmtp(message: EmailMessage): Promise<void> {
  await smtp.get().sendMail({
    from: env.MAIL_FROM,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: (message.images ?? []).map((image) => ({
      cid: image.cid,
      filename: image.fileName,
      contentType: image.contentType,
      content: Buffer.from(image.contentBase64, 'base64'),
      contentDisposition: 'inline' as const,
    })),
  });
}

/** A 5xx answer to the recipient or the message itself: trying again cannot help (unlike 4xx, timeouts, or a login failure). */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return (
    (code === 'EENVELOPE' || code === 'EMESSAGE') &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600
  );
}

export function closeSmtp(): void {
  smtp.remove()?.close();
}
