import { logger } from '@/lib/logger';
import type { EmailMessage } from './email-message';

/** More than this many at once (a notice to a whole company) are counted, not printed one by one. */
const PRINTED_PER_BATCH = 20;

/** The http(s) links in a plain-text body, each once, in order. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"'()[\]]+/g) ?? [])].map((link) => link.replace(/[.,;:!?]+$/, ''));
}

/**
 * Without SMTP_URL nobody receives the product's e-mails: each one the outbox recorded is also printed in this process's
 * log (the terminal of `npm start`), with its recipient, subject and links, so that the first sign-up or password reset
 * of a fresh install can still be finished. Never called when SMTP is configured: the links are secrets then.
 */
export function logUnsentEmails(messages: readonly EmailMessage[]): void {
  for (const message of messages.slice(0, PRINTED_PER_BATCH)) {
    const links = linksIn(message.text);
    logger.warn(
      `E-mail not sent (no SMTP_URL set), recorded in the outbox: to ${message.to}, "${message.subject}"` +
        (links.length ? `, links: ${links.join(' ')}` : ''),
      { to: message.to, subject: message.subject, links },
    );
  }
  if (messages.length > PRINTED_PER_BATCH) {
    logger.warn(
      `${messages.length - PRINTED_PER_BATCH} more e-mails not sent (no SMTP_URL set), recorded in the outbox`,
    );
  }
}
