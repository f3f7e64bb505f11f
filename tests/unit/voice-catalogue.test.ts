import { describe, it, expect } from '@jest/globals';
import { CALL_VOICES, findCallVoice, voicesForLocale } from '@/lib/voice/voice-catalogue';
import { DEFAULT_VOICES } from '@/lib/voice/voice-profile';
import { HTML_LANG, LOCALES } from '@/lib/i18n/locales';

describe('call voice catalogue', () => {
  it('holds each default voice, in the language it is the default for', () => {
    for (const locale of LOCALES) {
      const voice = findCallVoice(DEFAULT_VOICES[locale]);
      expect(voice).toMatchObject({ provider: 'polly', language: HTML_LANG[locale] });
      expect(voicesForLocale(locale)).toContainEqual(voice);
    }
  });

  it('offers a female and a male voice in every language, Polly and Google alike', () => {
    for (const locale of LOCALES) {
      const voices = voicesForLocale(locale);
      expect(new Set(voices.map((voice) => voice.gender))).toEqual(new Set(['female', 'male']));
      expect(new Set(voices.map((voice) => voice.provider))).toEqual(new Set(['polly', 'google']));
      expect(voices.every((voice) => voice.language === HTML_LANG[locale])).toBe(true);
    }
  });

  it('names voices the way TwiML <Say voice> takes them, each once', () => {
    expect(new Set(CALL_VOICES.map((voice) => voice.id)).size).toBe(CALL_VOICES.length);
    for (const voice of CALL_VOICES) {
      const pattern =
        voice.provider === 'polly'
          ? voice.neural
            ? /^Polly\.[A-Z][a-z]+-Neural$/
            : /^Polly\.[A-Z][a-z]+$/
          : voice.neural
            ? /^Google\.[a-z]{2}-[A-Z]{2}-(Wavenet|Neural2)-[A-Z]$/
            : /^Google\.[a-z]{2}-[A-Z]{2}-Standard-[A-Z]$/;
      expect(voice.id).toMatch(pattern);
      if (voice.provider === 'google') expect(voice.id.startsWith(`Google.${voice.language}-`)).toBe(true);
    }
    expect(findCallVoice('Polly.Joanna-Neural')).toMatchObject({ name: 'Joanna', neural: true, gender: 'female' });
    expect(findCallVoice('Google.sv-SE-Wavenet-G')).toMatchObject({ name: 'WaveNet G', gender: 'male', neural: true });
    expect(findCallVoice('Polly.Nobody')).toBeUndefined();
  });
});
