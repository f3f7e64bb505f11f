import type { Db } from '@/lib/db';
import { messageTranslator } from '@/lib/i18n/message-translator';
import { HTML_LANG, isLocale, DEFAULT_LOCALE } from '@/lib/i18n/locales';

/** Spec §3 Voice profile: the text-to-speech voice and the texts read around the alert. */
export interface VoiceProfileTexts {
  voiceId: string;
  /** The spoken language of the voice (BCP 47), for Twilio's <Say>. */
  language: string;
  messageIntroduction: string;
  messageCallConf: string;
  messageKey1: string;
}

/** A natural Amazon Polly voice (through Twilio) per product language. */
export const DEFAULT_VOICES: Record<string, string> = {
  'en-us': 'Polly.Joanna',
  'es-es': 'Polly.Lucia',
  'no-nb': 'Polly.Liv',
  'da-dk': 'Polly.Naja',
  'sv-se': 'Polly.Astrid',
};

/**
 * The company's voice profile, or a sensible default in the company's language when none is set: the company's name
 * as introduction, "press 1 to confirm" after the alert, and a thank-you once confirmed.
 */
export async function effectiveVoiceProfile(db: Db, companyId: string): Promise<VoiceProfileTexts> {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { name: true, language: true, voiceProfile: true },
  });
  const locale = isLocale(company.language) ? company.language : DEFAULT_LOCALE;
  const { t } = await messageTranslator(locale, 'voice.defaults');
  const stored = company.voiceProfile;
  return {
    voiceId: stored?.voiceId || DEFAULT_VOICES[locale],
    language: HTML_LANG[locale],
    messageIntroduction: stored?.messageIntroduction || t('introduction', { companyName: company.name }),
    messageCallConf: stored?.messageCallConf || t('callConf'),
    messageKey1: stored?.messageKey1 || t('key1'),
  };
}
