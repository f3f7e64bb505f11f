import type { Channel } from '@/lib/generated/prisma/enums';

/** A contact cycle as its row holds it (prisma ContactCycle). */
export interface ContactCyclePlan {
  rounds: number;
  callAfterSeconds: number;
  repeatAfterSeconds: number;
  withCalls: boolean;
}

/** One step of a cycle: its round's push, SMS or call. */
export interface ContactStep {
  round: number;
  channel: Channel;
}

const ROUND_CHANNELS: Channel[] = ['push', 'sms', 'voice'];

/**
 * The steps of a cycle after what every alert already has (the push of its send and the fallback SMS, round 1): round
 * 1's call, then push, SMS and call for each further round — calls only where the plan has them.
 */
export function contactCycleSteps(plan: ContactCyclePlan): ContactStep[] {
  const all = Array.from({ length: plan.rounds }, (_, index) =>
    ROUND_CHANNELS.map((channel) => ({ round: index + 1, channel })),
  ).flat();
  return all.filter(
    (step) => !(step.round === 1 && step.channel !== 'voice') && (plan.withCalls || step.channel !== 'voice'),
  );
}

/**
 * When a step is due, in ms after the alert was sent: a round starts with its push, its SMS follows the fallback delay
 * later (the spec's 2 minutes), its call `callAfterSeconds` after the SMS, and the next round `repeatAfterSeconds`
 * after the call.
 */
export function contactStepOffsetMs(plan: ContactCyclePlan, step: ContactStep, fallbackDelaySeconds: number): number {
  const roundSeconds = fallbackDelaySeconds + plan.callAfterSeconds + plan.repeatAfterSeconds;
  const inRound = { push: 0, sms: fallbackDelaySeconds, voice: fallbackDelaySeconds + plan.callAfterSeconds }[
    step.channel
  ];
  return ((step.round - 1) * roundSeconds + inRound) * 1000;
}
