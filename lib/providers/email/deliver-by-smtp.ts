import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { env, required } from '@/lib/env';
import { processSingleton } from '@/lib/singleton';
import type { EmailMessage } from './email-message';

export type SmtpTransport = Transporter<SMTPTransport.SentMessageInfo>;

/**
 * A transport to the SMTP server of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). `timeouts` (ms)
 * for a caller that waits for the server's answer; nodemailer's own (minutes) suit the worker.
 */
export function smtpTransport(
  timeouts: Pick<SMTPTransport.Options, 'connectionTimeout' | 'greetingTimeout' | 'socketTimeout'> = {},
): SmtpTransport {
  return createTransport({ url: required('SMTP_URL'), ...timeouts });
}

const smtp = processSingleton<SmtpTransport>('smtp', () => smtpTransport());

/**
 * Hands the message to the SMTP server (through `transport`, by default this process's one); resolves with the
 * server's answer: the message id and its response line ("250 OK ..."). nodemailer's errors propagate, with the
 * server's `responseCode` and `response` when it refused.
 */
export async function deliverBySmtp(
  message: EmailMessage,
  transport: SmtpTransport = smtp.get(),
): Promise<SMTPTransport.SentMessageInfo> {
  return transport.sendMail({
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
