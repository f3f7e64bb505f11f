import twilio from 'twilio';
import { DEFAULT_LOCALE, HTML_LANG, isLocale } from '@/lib/i18n/locales';
import { sayIn, type Speaker } from './alert-call-twiml';
import { findCallVoice } from './voice-catalogue';
import { DEFAULT_VOICES } from './voice-rules';

/** The test sentence is said this often, with a pause between: the first reading may start before the ear is there. */
const READINGS = 2;
const PAUSE_SECONDS = 1;

/** The product's default voice of a language (DEFAULT_VOICES), as <Say> takes it. */
export function defaultSpeaker(locale: string): Speaker {
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const voiceId = DEFAULT_VOICES[language];
  return { voiceId, language: findCallVoice(voiceId)?.language ?? HTML_LANG[language] };
}

/** What Twilio says in an operator's test call (lib/operators/test-channel.ts): the sentence twice, then it hangs up. */
export function testCallTwiml(speaker: Speaker, sentence: string): string {
  const response = new twilio.twiml.VoiceResponse();
  for (let reading = 0; reading < READINGS; reading += 1) {
    if (reading > 0) response.pause({ length: PAUSE_SECONDS });
    response.say(sayIn(speaker), sentence);
  }
  response.hangup();
  return response.toString();
}
