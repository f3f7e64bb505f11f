import twilio from 'twilio';
import type { VoiceProfileTexts } from './voice-profile';
import { callAnnouncement } from './voice-rules';

const READINGS = 2;

export type Speaker = Pick<VoiceProfileTexts, 'voiceId' | 'language'>;
export const sayIn = (profile: Speaker) => ({ voice: profile.voiceId as never, language: profile.language as never });

/**
 * What Twilio reads when the person answers: the call's announcement (introduction and alert, how to confirm, the
 * conference text) twice, each time listening for the key, then goodbye. The key press goes to `gatherUrl`.
 */
export function alertCallTwiml(
  profile: VoiceProfileTexts,
  alert: { title: string; message: string },
  gatherUrl: string,
): string {
  const response = new twilio.twiml.VoiceResponse();
  for (let reading = 0; reading < READINGS; reading += 1) {
    const gather = response.gather({
      numDigits: 1,
      action: gatherUrl,
      method: 'POST',
      timeout: 8,
      actionOnEmptyResult: false,
    });
    for (const part of callAnnouncement(profile, alert)) gather.say(sayIn(profile), part);
  }
  response.hangup();
  return response.toString();
}

/** The conference room of an alert's responders: one per alert (alert ids are unique across installations too). */
export const conferenceRoom = (alertId: string) => `tocsin-alert-${alertId}`;

/**
 * The answer to the confirming key press: the confirmation text, then — when the company has a conference text — the
 * alert's conference room, which the call stays in until the person hangs up; otherwise hang up.
 */
export function confirmedCallTwiml(profile: VoiceProfileTexts, alertId: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(sayIn(profile), profile.messageKey1);
  if (profile.conferenceText) {
    response
      .dial()
      .conference({ startConferenceOnEnter: true, endConferenceOnExit: false, beep: 'true' }, conferenceRoom(alertId));
  } else {
    response.hangup();
  }
  return response.toString();
}
