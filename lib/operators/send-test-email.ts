import type { DbClient } from '@/lib/db';
import { composeEmail } from '@/lib/email/compose-email';
import { env } from '@/lib/env';
import { deliverBySmtp, smtpTransport } from '@/lib/providers/email/deliver-by-smtp';
import type { EmailMessage } from '@/lib/providers/email/email-message';
import { recordEmailsInOutbox } from '@/lib/providers/email/record-email-in-outbox';
import { answerOf, type ProviderAnswer } from './channel-test-answer';

/**
 * The operator waits for the server's answer: a server that does not answer is reported within these (nodemailer's
 * own wait minutes, which suit the worker's retries).
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** The SMTP server's refusal (its reply code and response line), or why the connection failed. */
function smtpRefusal(recipient: string, error: unknown): ProviderAnswer {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const words = typeof response === 'string' && response ? response : message;
  return answerOf({
    provider: 'smtp',
    recipient,
    outcome: 'failed',
    errorCode: typeof responseCode === 'number' ? String(responseCode) : typeof code === 'string' ? code : null,
    errorMessage: typeof words === 'string' && words ? words : String(error),
  });
}

/**
 * One test e-mail, in the operator's language and the product's e-mail layout, to `to`: handed to the SMTP server of
 * SMTP_URL now (not queued), with the server's answer; without SMTP_URL, recorded in the outbox (and the log) as the
 * product records every e-mail then.
 */
export async function sendTestEmail(db: DbClient, { to, locale }: { to: string; locale: string }) {
  const { subject, text, html } = await composeEmail('channelTest', locale, { name: '' });
  const message: EmailMessage = { to, subject, text, html, companyId: null };
  if (!env.SMTP_URL) {
    await recordEmailsInOutbox([message], db);
    return answerOf({ provider: 'outbox', recipient: to, outcome: 'recorded' });
  }
  const transport = smtpTransport(TIMEOUTS);
  try {
    const sent = await deliverBySmtp(message, transport);
    return answerOf({ provider: 'smtp', recipient: to, outcome: 'sent', id: sent.messageId, status: sent.response });
  } catch (error) {
    return smtpRefusal(to, error);
  } finally {
    transport.close();
  }
}
