import twilio from 'twilio';
import type { PublicCtx } from '@/lib/context';
import { DAY_MS } from '@/lib/clock';
import type { DbClient } from '@/lib/db';
import { env } from '@/lib/env';
import { messageTranslator } from '@/lib/i18n/message-translator';
import { HTML_LANG, type Locale } from '@/lib/i18n/locales';
import { smsKeyword, tocsinReplies, type SmsKeyword } from './sms-keyword';

/** HELP names the companies that alerted the person within this many days. */
const HELP_SENDERS_DAYS = 30;

/**
 * An inbound SMS that is a keyword (sms-keyword.ts), from Twilio's signed webhook: STOP and its kin opt the sending
 * number out of SMS, START / UNSTOP opt it back in, HELP / INFO say who sends and how to stop. Answers the TwiML to
 * reply with, or null when the message is no keyword (the caller handles it as a reply to an alert). Each MessageSid is
 * applied once: a retried webhook changes nothing and gets an empty answer, so no confirmation goes out twice. A STOP
 * from a number already opted out is not confirmed again. The number is the person's own: no company is involved, and
 * the only company data in a reply are the names of the companies that alerted that number.
 */
export async function receiveSmsKeyword(ctx: PublicCtx, form: Record<string, string>): Promise<string | null> {
  const keyword = smsKeyword(form.Body ?? '');
  const phone = form.From ?? '';
  if (!keyword || !phone) return null;
  const reply = await ctx.db.$transaction(async (tx) => {
    if (form.MessageSid) {
      const { count } = await tx.smsKeywordMessage.createMany({
        data: [{ messageSid: form.MessageSid, phone, keyword: keyword.word, receivedAt: ctx.now }],
        skipDuplicates: true,
      });
      if (count === 0) return null;
    }
    return applyKeyword(tx, ctx.now, phone, keyword);
  });
  return twiml(reply !== null && tocsinReplies(keyword, env.TWILIO_KEYWORD_REPLIES) ? await reply() : null);
}

/** Applies the keyword; answers how to write the reply, or null when none is due. */
async function applyKeyword(
  db: DbClient,
  now: Date,
  phone: string,
  keyword: SmsKeyword,
): Promise<(() => Promise<string>) | null> {
  const person = await db.user.findUnique({ where: { phone }, select: { id: true, locale: true } });
  const locale = person?.locale ?? 'en-us';
  if (keyword.kind === 'optOut') {
    const { count } = await db.smsOptOut.createMany({
      data: [{ phone, source: 'keyword', keyword: keyword.word, optedOutAt: now }],
      skipDuplicates: true,
    });
    return count > 0 ? () => text(locale, 'optedOut') : null;
  }
  if (keyword.kind === 'optIn') {
    await db.smsOptOut.deleteMany({ where: { phone } });
    return () => text(locale, 'optedIn');
  }
  const senders = person ? await recentSenders(db, person.id, now) : [];
  if (senders.length === 0) return () => text(locale, 'helpUnknown');
  return () =>
    text(locale, 'help', (language) => ({
      senders: new Intl.ListFormat(HTML_LANG[language], { type: 'conjunction' }).format(senders),
    }));
}

/** The companies (still the person's) that alerted the person lately, the latest first. */
async function recentSenders(db: DbClient, userId: string, now: Date): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT c.name FROM "AlertRecipient" r
    JOIN "Company" c ON c.id = r."companyId" AND c."deletedAt" IS NULL
    JOIN "Membership" m ON m."companyId" = r."companyId" AND m."userId" = r."userId" AND m."deletedAt" IS NULL
    WHERE r."userId" = ${userId}::uuid AND r."createdAt" > ${new Date(now.getTime() - HELP_SENDERS_DAYS * DAY_MS)}
    GROUP BY c.id, c.name
    ORDER BY max(r."createdAt") DESC
    LIMIT 3`;
  return rows.map((row) => row.name);
}

async function text(
  locale: string,
  key: string,
  values: (language: Locale) => Record<string, string> = () => ({}),
): Promise<string> {
  const { language, t } = await messageTranslator(locale, 'smsKeywords');
  return t(key, values(language));
}

function twiml(reply: string | null): string {
  const response = new twilio.twiml.MessagingResponse();
  if (reply) response.message(reply);
  return response.toString();
}
