import twilio from 'twilio';
import type { VoiceProfileTexts } from './voice-profile';

/** The key that confirms an alert call (spec §3 Voice profile: "press 1"; 'OK' is the fixed confirm word). */
export const CONFIRM_DIGIT = '1';
const READINGS = 2;

/**
 * What Twilio reads when the person answers: the introduction, the alert's title and text, and how to confirm — twice,
 * each time listening for the key, then goodbye. The key press goes to `gatherUrl`.
 */
export function alertCallTwiml(
  profile: VoiceProfileTexts,
  alert: { title: string; message: string },
  gatherUrl: string,
): string {
  const response = new twilio.twiml.VoiceResponse();
  const say = { voice: profile.voiceId as never, language: profile.language as never };
  for (let reading = 0; reading < READINGS; reading += 1) {
    const gather = response.gather({
      numDigits: 1,
      action: gatherUrl,
      method: 'POST',
      timeout: 8,
      actionOnEmptyResult: false,
    });
    gather.say(say, `${profile.messageIntroduction} ${alert.title}. ${alert.message}`);
    gather.say(say, profile.messageCallConf);
  }
  response.hangup();
  return response.toString();
}

/** The answer to the confirming key press: the registered-confirmation text, then hang up. */
export function confirmedCallTwiml(profile: VoiceProfileTexts): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ voice: profile.voiceId as never, language: profile.language as never }, profile.messageKey1);
  response.hangup();
  return response.toString();
}
