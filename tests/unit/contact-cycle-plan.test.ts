import { describe, expect, it } from '@jest/globals';
import { contactCycleSteps, contactStepOffsetMs, type ContactCyclePlan } from '@/lib/contact-cycle/contact-cycle-plan';
import { CONTACT_CYCLE_SETTINGS } from '@/lib/contact-cycle/contact-cycle-settings';
import { env } from '@/lib/env';

// The contact cycle's steps and times (issue 36) with the defaults production runs: the fallback SMS at 120 s, a minute
// of the settings lasting 60 s (CONTACT_CYCLE_MINUTE_SECONDS unset), two rounds, the call 3 minutes after the SMS and
// the next round 10 minutes after the call.
const defaults: ContactCyclePlan = {
  rounds: CONTACT_CYCLE_SETTINGS.contactCycleRounds.fallback,
  callAfterSeconds: CONTACT_CYCLE_SETTINGS.contactCycleCallAfterMinutes.fallback * env.CONTACT_CYCLE_MINUTE_SECONDS,
  repeatAfterSeconds: CONTACT_CYCLE_SETTINGS.contactCycleRepeatAfterMinutes.fallback * env.CONTACT_CYCLE_MINUTE_SECONDS,
  withCalls: true,
};
const stepsAt = (plan: ContactCyclePlan) =>
  contactCycleSteps(plan).map(
    (step) => `${step.channel}${step.round}@${contactStepOffsetMs(plan, step, env.FALLBACK_SMS_DELAY_SECONDS) / 1000}`,
  );

describe('the contact cycle plan', () => {
  it('runs at the defaults: the call at 5 minutes, the second round at 15', () => {
    expect([env.FALLBACK_SMS_DELAY_SECONDS, env.CONTACT_CYCLE_MINUTE_SECONDS]).toEqual([120, 60]);
    expect(stepsAt(defaults)).toEqual(['voice1@300', 'push2@900', 'sms2@1020', 'voice2@1200']);
  });

  it('has no calls where the plan has none, and nothing after the fallback SMS with one round and no calls', () => {
    expect(stepsAt({ ...defaults, withCalls: false })).toEqual(['push2@900', 'sms2@1020']);
    expect(contactCycleSteps({ ...defaults, rounds: 1, withCalls: false })).toEqual([]);
    expect(contactCycleSteps({ ...defaults, rounds: 0 })).toEqual([]);
  });

  it('repeats push, SMS and call for each further round', () => {
    expect(stepsAt({ ...defaults, rounds: 3, callAfterSeconds: 60, repeatAfterSeconds: 60 })).toEqual([
      'voice1@180',
      'push2@240',
      'sms2@360',
      'voice2@420',
      'push3@480',
      'sms3@600',
      'voice3@660',
    ]);
  });
});
