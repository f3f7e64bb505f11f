import { optionLabels } from '@/lib/answers/option-labels';
import { keepAnswer } from '@/lib/answers/keep-answer';
import type { AnsweringRecipient } from '@/lib/answers/record-answer';
import { optionNumbered, type ResponseOption } from '@/lib/answers/response-options';
import type { PublicCtx } from '@/lib/context';
import { messageTranslator } from '@/lib/i18n/message-translator';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, type Locale } from '@/lib/i18n/locales';
import { confirmByPhone } from '@/lib/receipts/confirm-by-phone';
import {
  alertCallTwiml,
  answeredCallTwiml,
  optionsAgainTwiml,
  sayAndHangUpTwiml,
  type Speaker,
  type SpokenOptions,
} from './alert-call-twiml';
import type { VoiceProfileTexts } from './voice-profile';
import { DEFAULT_VOICES } from './voice-rules';

export interface KeyPress {
  recipient: AnsweringRecipient;
  alert: { title: string; message: string; active: boolean };
  options: ResponseOption[];
  profile: VoiceProfileTexts;
  /** The key pressed, '' for the call's first request (nothing pressed yet). */
  digits: string;
  /** Twilio's CallSid and which of the call's <Gather>s the press answers: together, the answer's providerId. */
  callSid: string;
  step: number;
  /** Where the next key press of this call goes (voiceGatherUrl with the next step). */
  nextGatherUrl: string;
}

/**
 * A key press in the call of an alert with response options: the alert and its options are read ("For I'm safe, press
 * 1"), a pressed option records that answer (channel voice, once per CallSid, step and key: a webhook delivered twice
 * answers once, a later press in the same call is a new answer) and confirms receipt, and the person hears which
 * answer is registered and may press another number to change it. A key that is no option reads the options again; a
 * closed alert says so and hangs up. The options speak the recipient's language: in the company's voice when it speaks
 * that language, else in the default voice of that language (the company's own texts keep its voice).
 */
export async function answerByKeyPress(ctx: PublicCtx, press: KeyPress): Promise<string> {
  const { recipient, alert, options, profile } = press;
  const user = await ctx.db.user.findUnique({ where: { id: recipient.userId }, select: { locale: true } });
  const locale: Locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
  const { t } = await messageTranslator(locale, 'voice.answers');
  const speaker = speakerFor(profile, locale);
  if (!alert.active) return sayAndHangUpTwiml(speaker, t('closed'));

  const labels = await optionLabels(options, locale);
  const spoken: SpokenOptions = {
    speaker,
    lines: labels.map((label, index) => t('option', { label, number: String(index + 1) })),
  };
  if (press.digits === '') return alertCallTwiml(profile, alert, press.nextGatherUrl, spoken);
  const option = Number(press.digits);
  const chosen = /^\d$/.test(press.digits) ? optionNumbered(options, option) : undefined;
  if (!chosen) return optionsAgainTwiml(spoken, press.nextGatherUrl);

  const providerId = press.callSid ? `${press.callSid}:${press.step}:${press.digits}` : null;
  const answer = { option, kind: chosen.kind, channel: 'voice' as const, providerId };
  // Both are safe to repeat: a webhook delivered again after a failure half-way finishes what the first did not.
  await keepAnswer(ctx.db, ctx.now, recipient, answer);
  await confirmByPhone(ctx.db, ctx.now, recipient, 'voice');
  const said = { registered: t('answered', { label: labels[option - 1] }), change: t('change') };
  return answeredCallTwiml(profile, recipient.alertId, said, spoken, press.nextGatherUrl);
}

/** The company's voice when it speaks the recipient's language, else that language's default voice. */
function speakerFor(profile: VoiceProfileTexts, locale: Locale): Speaker {
  const language = HTML_LANG[locale];
  return profile.language.toLowerCase() === language.toLowerCase()
    ? profile
    : { voiceId: DEFAULT_VOICES[locale], language };
}
