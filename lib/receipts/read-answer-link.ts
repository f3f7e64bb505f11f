import { z } from 'zod';
import { answerTokenBytes } from '@/lib/answers/answer-link-token';
import { optionLabels } from '@/lib/answers/option-labels';
import { storedResponseOptions } from '@/lib/answers/response-options';
import type { DbClient } from '@/lib/db';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/lib/i18n/locales';

export const answerLinkParams = z.object({ token: z.string().max(64) });

/** The recipient a tap-to-answer token names, with their alert (no row: an unknown or malformed token). */
export async function findLinkRecipient(db: DbClient, token: string) {
  const bytes = answerTokenBytes(token);
  if (!bytes) return null;
  return db.alertRecipient.findUnique({
    where: { answerToken: bytes },
    select: {
      id: true,
      alertId: true,
      userId: true,
      companyId: true,
      inTarget: true,
      answerOption: true,
      answeredAt: true,
      alert: {
        select: {
          title: true,
          message: true,
          status: true,
          responseOptions: true,
          company: { select: { name: true } },
        },
      },
    },
  });
}

/**
 * The tap-to-answer page (/a/<token>): the alert, its options in the recipient's language and their current answer.
 * Reading changes nothing (link scanners open links on their own): only a tap answers (answerByLink). Null for a token
 * that names nobody.
 */
export async function readAnswerLink(db: DbClient, { token }: z.output<typeof answerLinkParams>) {
  const recipient = await findLinkRecipient(db, token);
  if (!recipient?.inTarget) return null;
  const user = await db.user.findUnique({ where: { id: recipient.userId }, select: { locale: true } });
  const locale: Locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
  const options = storedResponseOptions(recipient.alert.responseOptions);
  const labels = await optionLabels(options, locale);
  return {
    locale,
    companyName: recipient.alert.company.name,
    title: recipient.alert.title,
    message: recipient.alert.message,
    closed: recipient.alert.status !== 'active',
    options: options.map((option, index) => ({ option: index + 1, kind: option.kind, label: labels[index] })),
    answer:
      recipient.answerOption !== null && recipient.answeredAt !== null
        ? { option: recipient.answerOption, answeredAt: recipient.answeredAt.toISOString() }
        : null,
  };
}

export type AnswerLinkView = NonNullable<Awaited<ReturnType<typeof readAnswerLink>>>;
