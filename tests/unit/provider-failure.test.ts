import { describe, expect, it } from '@jest/globals';
import { twilioFailure } from '@/lib/delivery/provider-failure';

// What a failed Twilio request means for its receipt. The errors are in the shapes the twilio library throws: its
// RestException (an answer: HTTP status and Twilio's code) or axios's error (no answer: a network code).
const restException = (status: number, code: number, message: string) =>
  Object.assign(new Error(message), { status, code });
const networkError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('twilioFailure', () => {
  it('is final for a refused number and passing for an outage Twilio answered', () => {
    expect(twilioFailure('u', restException(400, 21211, "The 'To' number is not valid"))).toEqual({
      userId: 'u',
      sent: false,
      permanent: true,
      reason: "Twilio error 21211: The 'To' number is not valid",
    });
    expect(twilioFailure('u', restException(503, 20500, 'Service Unavailable'))).toMatchObject({
      sent: false,
      permanent: false,
    });
    expect(twilioFailure('u', restException(429, 20429, 'Too Many Requests'))).toMatchObject({ permanent: false });
  });

  it('is final with our code when Twilio answers 21610 (the number opted out)', () => {
    expect(twilioFailure('u', restException(400, 21610, 'Attempt to send to unsubscribed recipient'))).toEqual({
      userId: 'u',
      sent: false,
      permanent: true,
      reason: 'smsOptedOutTwilio',
    });
  });

  it('is passing, not in doubt, when the connection was never made', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])
      expect(twilioFailure('u', networkError(code, `connect ${code}`))).toEqual({
        userId: 'u',
        sent: false,
        permanent: false,
        reason: `connect ${code}`,
      });
  });

  it('is in doubt when no answer came: Twilio may have taken the message', () => {
    for (const [code, message] of [
      ['ECONNABORTED', 'timeout of 30000ms exceeded'],
      ['ETIMEDOUT', 'timeout of 30000ms exceeded'],
      ['ECONNRESET', 'socket hang up'],
    ])
      expect(twilioFailure('u', networkError(code, message))).toEqual({
        userId: 'u',
        sent: false,
        inDoubt: true,
        reason: message,
      });
    expect(twilioFailure('u', new Error('aborted'))).toMatchObject({ inDoubt: true });
  });
});
