import { HTML_LANG, type Locale } from '@/lib/i18n/locales';

/** A text-to-speech voice Twilio's <Say> speaks (spec §3 Voice profile). Browser-safe: the voice screen imports it. */
export interface CallVoice {
  /** What TwiML <Say voice="…"> takes, e.g. 'Polly.Joanna', 'Polly.Joanna-Neural', 'Google.en-US-Standard-C'. */
  id: string;
  /** Display name, e.g. 'Joanna' or 'WaveNet F'. */
  name: string;
  /** BCP 47 as Twilio writes it: 'en-US', 'es-ES', 'nb-NO', 'da-DK', 'sv-SE'. */
  language: string;
  gender: 'female' | 'male';
  provider: 'polly' | 'google';
  /** Twilio's "neural" price tier: Polly neural voices and Google WaveNet / Neural2 voices. */
  neural: boolean;
}

/**
 * The longest text a voice sample speaks (GET /api/voices/getVoiceAudioSample/{voiceId}/{text}), after trimming: the
 * whole call of the voice screen's preview fits (three texts of 300, a conference text of 500 and a sample alert).
 */
export const MAX_VOICE_SAMPLE_TEXT = 1600;

type Gender = CallVoice['gender'];

function polly(language: string, name: string, gender: Gender, engine: 'standard' | 'neural'): CallVoice {
  const neural = engine === 'neural';
  return { id: `Polly.${name}${neural ? '-Neural' : ''}`, name, language, gender, provider: 'polly', neural };
}

const GOOGLE_KINDS = { Standard: 'Standard', Wavenet: 'WaveNet', Neural2: 'Neural2' } as const;

function google(language: string, kind: keyof typeof GOOGLE_KINDS, letter: string, gender: Gender): CallVoice {
  return {
    id: `Google.${language}-${kind}-${letter}`,
    name: `${GOOGLE_KINDS[kind]} ${letter}`,
    language,
    gender,
    provider: 'google',
    neural: kind !== 'Standard',
  };
}

function googleVoices(language: string, kind: keyof typeof GOOGLE_KINDS, female: string, male: string): CallVoice[] {
  return [
    ...[...female].map((letter) => google(language, kind, letter, 'female')),
    ...[...male].map((letter) => google(language, kind, letter, 'male')),
  ];
}

/**
 * The Amazon Polly (standard and neural) and Google (Standard, WaveNet, Neural2) voices Twilio's <Say> supports for the
 * five product languages, transcribed from Twilio's "Text-to-speech: available voices and languages" table
 * (https://www.twilio.com/docs/voice/twiml/say/text-speech#available-voices-and-languages, as of 2025-05) and checked
 * against Amazon Polly's voice list for which engines each Polly voice has
 * (https://docs.aws.amazon.com/polly/latest/dg/available-voices.html). Twilio's generative voices (Polly generative,
 * Google Chirp3-HD) are left out: they cost several times more per character and have no offline preview. Kevin, Justin
 * and Ivy are Polly's child voices (listed by their gender). See docs/decisions.md "Voice catalogue".
 */
export const CALL_VOICES: readonly CallVoice[] = [
  // English (US)
  ...(['Ivy', 'Joanna', 'Kendra', 'Kimberly', 'Salli'] as const).map((n) => polly('en-US', n, 'female', 'standard')),
  ...(['Joey', 'Justin', 'Kevin', 'Matthew'] as const).map((n) => polly('en-US', n, 'male', 'standard')),
  ...(['Danielle', 'Ivy', 'Joanna', 'Kendra', 'Kimberly', 'Ruth', 'Salli'] as const).map((n) =>
    polly('en-US', n, 'female', 'neural'),
  ),
  ...(['Gregory', 'Joey', 'Justin', 'Kevin', 'Matthew', 'Stephen'] as const).map((n) =>
    polly('en-US', n, 'male', 'neural'),
  ),
  ...googleVoices('en-US', 'Standard', 'CEFGH', 'ABDIJ'),
  ...googleVoices('en-US', 'Wavenet', 'CEFGH', 'ABDIJ'),
  ...googleVoices('en-US', 'Neural2', 'CEFGH', 'ADIJ'),
  // Spanish (Spain)
  polly('es-ES', 'Conchita', 'female', 'standard'),
  polly('es-ES', 'Lucia', 'female', 'standard'),
  polly('es-ES', 'Enrique', 'male', 'standard'),
  polly('es-ES', 'Lucia', 'female', 'neural'),
  polly('es-ES', 'Sergio', 'male', 'neural'),
  ...googleVoices('es-ES', 'Standard', 'AFH', 'EG'),
  ...googleVoices('es-ES', 'Wavenet', 'FH', 'EG'),
  ...googleVoices('es-ES', 'Neural2', 'H', 'G'),
  // Norwegian Bokmål
  polly('nb-NO', 'Liv', 'female', 'standard'),
  polly('nb-NO', 'Ida', 'female', 'neural'),
  ...googleVoices('nb-NO', 'Standard', 'F', 'G'),
  ...googleVoices('nb-NO', 'Wavenet', 'F', 'G'),
  // Danish
  polly('da-DK', 'Naja', 'female', 'standard'),
  polly('da-DK', 'Mads', 'male', 'standard'),
  polly('da-DK', 'Sofie', 'female', 'neural'),
  ...googleVoices('da-DK', 'Standard', 'F', 'G'),
  ...googleVoices('da-DK', 'Wavenet', 'F', 'G'),
  // Swedish
  polly('sv-SE', 'Astrid', 'female', 'standard'),
  polly('sv-SE', 'Elin', 'female', 'neural'),
  ...googleVoices('sv-SE', 'Standard', 'F', 'G'),
  ...googleVoices('sv-SE', 'Wavenet', 'F', 'G'),
];

/** The voices that speak a product language. */
export function voicesForLocale(locale: Locale): CallVoice[] {
  return CALL_VOICES.filter((voice) => voice.language === HTML_LANG[locale]);
}

export function findCallVoice(id: string): CallVoice | undefined {
  return CALL_VOICES.find((voice) => voice.id === id);
}
