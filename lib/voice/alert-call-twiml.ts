import twilio from 'twilio';
import type { VoiceProfileTexts } from './voice-profile';
import { callAnnouncement } from './voice-rules';

const READINGS = 2;

type VoiceResponse = InstanceType<typeof twilio.twiml.VoiceResponse>;

export type Speaker = Pick<VoiceProfileTexts, 'voiceId' | 'language'>;
export const sayIn = (profile: Speaker) => ({ voice: profile.voiceId as never, language: profile.language as never });

/**
 * How the call asks for an answer when the alert has response options (lib/voice/answer-by-key-press.ts): one line per
 * option ("For I'm safe, press 1."), in the recipient's language and spoken by `speaker`.
 */
export interface SpokenOptions {
  speaker: Speaker;
  lines: string[];
}

function gatherKey(response: VoiceResponse, gatherUrl: string) {
  return response.gather({ numDigits: 1, action: gatherUrl, method: 'POST', timeout: 8, actionOnEmptyResult: false });
}

/**
 * What Twilio reads when the person answers: the call's announcement (introduction and alert, how to confirm, the
 * conference text) twice, each time listening for the key, then goodbye. The key press goes to `gatherUrl`. With
 * response options, the options are read in place of how to confirm (pressing one answers, which confirms too).
 */
export function alertCallTwiml(
  profile: VoiceProfileTexts,
  alert: { title: string; message: string },
  gatherUrl: string,
  options?: SpokenOptions,
): string {
  const [alertPart, confirmPart, ...rest] = callAnnouncement(profile, alert).map((text) => ({
    speaker: profile,
    text,
  }));
  const asking = options ? options.lines.map((text) => ({ speaker: options.speaker, text })) : [confirmPart];
  const response = new twilio.twiml.VoiceResponse();
  for (let reading = 0; reading < READINGS; reading += 1) {
    const gather = gatherKey(response, gatherUrl);
    for (const part of [alertPart, ...asking, ...rest]) gather.say(sayIn(part.speaker), part.text);
  }
  response.hangup();
  return response.toString();
}

/** The conference room of an alert's responders: one per alert (alert ids are unique across installations too). */
export const conferenceRoom = (alertId: string) => `tocsin-alert-${alertId}`;

/** The end of a call once the person confirmed or answered: the alert's conference room when there is one, else hang up. */
function joinConferenceOrHangUp(response: VoiceResponse, profile: VoiceProfileTexts, alertId: string): void {
  if (profile.conferenceText) {
    response
      .dial()
      .conference({ startConferenceOnEnter: true, endConferenceOnExit: false, beep: 'true' }, conferenceRoom(alertId));
  } else {
    response.hangup();
  }
}

/**
 * The answer to the confirming key press: the confirmation text, then — when the company has a conference text — the
 * alert's conference room, which the call stays in until the person hangs up; otherwise hang up.
 */
export function confirmedCallTwiml(profile: VoiceProfileTexts, alertId: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(sayIn(profile), profile.messageKey1);
  joinConferenceOrHangUp(response, profile, alertId);
  return response.toString();
}

/**
 * The answer to a key press that answered: which answer is registered, then once more the options (another key changes
 * the answer, sent to `gatherUrl`), then the conference room or goodbye as after a confirmation.
 */
export function answeredCallTwiml(
  profile: VoiceProfileTexts,
  alertId: string,
  said: { registered: string; change: string },
  options: SpokenOptions,
  gatherUrl: string,
): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(sayIn(options.speaker), said.registered);
  const gather = gatherKey(response, gatherUrl);
  for (const text of [said.change, ...options.lines]) gather.say(sayIn(options.speaker), text);
  joinConferenceOrHangUp(response, profile, alertId);
  return response.toString();
}

/** The options read again (a key that is none of them), listening for the key, then goodbye. */
export function optionsAgainTwiml(options: SpokenOptions, gatherUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = gatherKey(response, gatherUrl);
  for (const text of options.lines) gather.say(sayIn(options.speaker), text);
  response.hangup();
  return response.toString();
}

/** One sentence, then hang up (an alert that closed: it takes no more answers). */
export function sayAndHangUpTwiml(speaker: Speaker, text: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(sayIn(speaker), text);
  response.hangup();
  return response.toString();
}
