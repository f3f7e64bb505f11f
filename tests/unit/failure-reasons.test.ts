import { describe, it, expect } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { DELIVERY_FAILURE_CODES, failureReasonParts, joinFailureReasons } from '@/lib/providers/failure-reasons';

// The delivery report shows our own failure reasons in words, never as codes (the locales test checks the other four
// locales have every key of en-us).
const messages = JSON.parse(fs.readFileSync(path.resolve('messages/en-us.json'), 'utf8')) as {
  alerts: { failureReason: Record<string, string> };
};

describe('delivery failure reasons', () => {
  it('has words for every code the delivery engine writes, and no words for codes it does not', () => {
    expect(Object.keys(messages.alerts.failureReason).sort()).toEqual([...DELIVERY_FAILURE_CODES].sort());
  });

  it('tells our codes from provider texts, also in the reasons of several devices', () => {
    const joined = joinFailureReasons([
      'noPushToken',
      'FCM messaging/invalid-argument: bad token',
      'outboxNotRecorded',
    ]);
    expect(failureReasonParts(joined)).toEqual([
      { code: 'noPushToken' },
      { text: 'FCM messaging/invalid-argument: bad token' },
      { code: 'outboxNotRecorded' },
    ]);
    expect(failureReasonParts('noApp')).toEqual([{ code: 'noApp' }]);
    expect(failureReasonParts('Twilio error 30003')).toEqual([{ text: 'Twilio error 30003' }]);
  });
});
