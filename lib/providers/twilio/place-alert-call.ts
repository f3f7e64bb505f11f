import { required } from '@/lib/env';
import { publicUrl } from '@/lib/http-parts/public-url';
import { twilioClient } from './twilio-client';

/** Where Twilio reports an alert call's progress (initiated, ringing, answered, completed), which moves its receipt. */
export function callStatusCallbackUrl(): string {
  return publicUrl('/api/webhooks/twilio/call-status');
}

/**
 * Asks Twilio to call the person; resolves with the call SID once Twilio has queued the call. When answered, Twilio
 * fetches the call's TwiML from twimlUrl by POST (voiceGatherUrl answers that with the alert). No answering-machine
 * detection: a voicemail hears the alert too. Twilio's RestException propagates (see isPermanentTwilioFailure).
 */
export async function placeAlertCall(call: { to: string; twimlUrl: string; statusCallback: string }): Promise<string> {
  const placed = await twilioClient().calls.create({
    to: call.to,
    from: required('TWILIO_FROM_NUMBER'),
    url: call.twimlUrl,
    method: 'POST',
    statusCallback: call.statusCallback,
    statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    statusCallbackMethod: 'POST',
  });
  return placed.sid;
}
