import type { DbClient } from '@/lib/db';
import { messageTranslator } from '@/lib/i18n/message-translator';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, type Locale } from '@/lib/i18n/locales';
import { readConferenceText } from './read-conference-text';
import { findCallVoice } from './voice-catalogue';
import { DEFAULT_VOICES, type CallTexts } from './voice-rules';

/** Spec §3 Voice profile: the text-to-speech voice and the texts read around the alert, as calls use them. */
export interface VoiceProfileTexts extends CallTexts {
  voiceId: string;
  /** The spoken language of the voice (BCP 47), for Twilio's <Say>. */
  language: string;
  /** The company saved its own profile (else these are the defaults of its language). */
  customized: boolean;
  /** The company's language, whose defaults fill what is not saved. */
  locale: Locale;
}

/** The profile's texts in a language when the company saved none: its name as introduction, "press 1", a thank-you. */
async function defaultVoiceTexts(locale: Locale, companyName: string) {
  const { t } = await messageTranslator(locale, 'voice.defaults');
  return {
    voiceId: DEFAULT_VOICES[locale],
    messageIntroduction: t('introduction', { companyName }),
    messageCallConf: t('callConf'),
    messageKey1: t('key1'),
  };
}

/**
 * The company's voice profile as its calls speak it: the saved profile, or the defaults of the company's language, and
 * the conference text of its settings.
 */
export async function effectiveVoiceProfile(db: DbClient, companyId: string): Promise<VoiceProfileTexts> {
  return (await loadVoiceProfile(db, companyId)).profile;
}

/** The effective profile and the defaults of the company's language it falls back on (for the voice screen). */
export async function loadVoiceProfile(db: DbClient, companyId: string) {
  const [company, conferenceText] = await Promise.all([
    db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { name: true, language: true, voiceProfile: true },
    }),
    readConferenceText(db, companyId),
  ]);
  const locale = isLocale(company.language) ? company.language : DEFAULT_LOCALE;
  const defaults = await defaultVoiceTexts(locale, company.name);
  const stored = company.voiceProfile;
  const voiceId = stored?.voiceId || defaults.voiceId;
  const profile: VoiceProfileTexts = {
    voiceId,
    language: findCallVoice(voiceId)?.language ?? HTML_LANG[locale],
    messageIntroduction: stored?.messageIntroduction || defaults.messageIntroduction,
    messageCallConf: stored?.messageCallConf || defaults.messageCallConf,
    messageKey1: stored?.messageKey1 || defaults.messageKey1,
    conferenceText,
    customized: Boolean(stored),
    locale,
  };
  return { profile, defaults };
}
