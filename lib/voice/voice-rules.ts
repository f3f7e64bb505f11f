// Browser-safe rules of the voice profile (spec §3), shared by the API and the /company/voice screen.

import type { Locale } from '@/lib/i18n/locales';

/** A natural Amazon Polly voice (through Twilio) per product language. */
export const DEFAULT_VOICES: Record<Locale, string> = {
  'en-us': 'Polly.Joanna',
  'es-es': 'Polly.Lucia',
  'no-nb': 'Polly.Liv',
  'da-dk': 'Polly.Naja',
  'sv-se': 'Polly.Astrid',
};

/** The key that confirms an alert call and, when the company has a conference text, joins the conference. */
export const CONFIRM_DIGIT = '1';
/** Spec §3: the voice profile's confirm key is fixed; the API answers it and accepts no other. */
export const CONFIRM_KEY = 'OK';
/** The longest introduction, confirm instruction or confirmation text (each is read at least twice per call). */
export const MAX_VOICE_TEXT = 300;

/** The texts of a call as the company set them (or their defaults). */
export interface CallTexts {
  messageIntroduction: string;
  messageCallConf: string;
  messageKey1: string;
  /** The company's conference text (CompanySetting), null when calls offer no conference. */
  conferenceText: string | null;
}

/**
 * What an alert call says before the person presses a key, in order: the introduction, the alert, how to confirm and,
 * when there is a conference, the conference text. The TwiML, the outbox record and the screen's preview read this.
 */
export function callAnnouncement(texts: CallTexts, alert: { title: string; message: string }): string[] {
  return [
    `${texts.messageIntroduction} ${alert.title}. ${alert.message}`,
    texts.messageCallConf,
    ...(texts.conferenceText ? [texts.conferenceText] : []),
  ];
}
