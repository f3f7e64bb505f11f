import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { cache } from 'react';
import { AnswerLinkPage } from '@/components/answer-link/answer-link-page';
import { db } from '@/lib/db';
import { loadMessages } from '@/lib/i18n/load-messages';
import { messageTranslator } from '@/lib/i18n/message-translator';
import { readAnswerLink } from '@/lib/receipts/read-answer-link';

type Props = { params: Promise<{ token: string }> };

// Read once per request, by the title and the page. Reading records nothing: only a tap answers.
const linkOf = cache((token: string) => readAnswerLink(db(), { token }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const link = await linkOf((await params).token);
  if (!link) return { robots: { index: false } };
  const { t } = await messageTranslator(link.locale, 'answerLink');
  return { title: t('title'), robots: { index: false } };
}

/** The tap-to-answer page of an alert SMS, in the recipient's language; an unknown link is the not-found page. */
export default async function AnswerLinkRoute({ params }: Props) {
  const { token } = await params;
  const link = await linkOf(token);
  if (!link) notFound();
  return (
    <NextIntlClientProvider locale={link.locale} messages={await loadMessages(link.locale)}>
      <AnswerLinkPage token={token} link={link} />
    </NextIntlClientProvider>
  );
}
