import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { loadDeliveryAlert } from '@/lib/delivery/load-delivery-alert';
import { startDeliveryParts } from '@/lib/delivery/start-delivery-parts';
import { CONTACT_CYCLE_JOBS, startJob } from '@/lib/queue';
import { addStepReceipts } from './add-step-receipts';
import { contactCycleSteps, contactStepOffsetMs } from './contact-cycle-plan';

/** What a step asks of its job: nothing more (done), or to look again at a given time. */
export type ContactStepEnd = { kind: 'done' } | { kind: 'comeBack'; at: Date };

/** A step waits for the earlier steps' messages still going out, this much longer than its due time at most. */
const MAX_WAIT_MS = 60_000;
/** How soon a waiting step looks again. */
const LOOK_AGAIN_MS = 1_000;

/**
 * One step of an alert's contact cycle (a delayed job, due at the time its row says: contact-cycle-plan.ts's, or
 * later when an earlier step ran late). While the alert is active: once the earlier steps' messages are settled (so
 * each person gets the steps in order; a worker killed while sending holds them up for a lease), adds the step's
 * receipts for who has still neither confirmed nor answered, starts their delivery parts, moves the cycle on and queues
 * the next step — at its planned time, or as long after this one as planned if this one ran late (a step the minute
 * sweep restarted), so nobody gets the rest of the cycle at once. Exactly once per step and person however often it
 * runs: the receipts' key, the cycle's conditional move and the jobs' ids; a step the cycle moved past only queues the
 * next one again. A closed alert's cycle ends here.
 */
export async function runContactStep(db: Db, alertId: string, step: number, at: Date): Promise<ContactStepEnd> {
  const cycle = await db.contactCycle.findUnique({ where: { alertId } });
  const alert = await loadDeliveryAlert(db, alertId);
  if (!cycle || !alert || step > cycle.nextStep) return { kind: 'done' };
  const steps = contactCycleSteps(cycle);
  const plannedAt = (index: number) =>
    alert.sentAt.getTime() + contactStepOffsetMs(cycle, steps[index], env.FALLBACK_SMS_DELAY_SECONDS);
  const queueStep = (index: number, dueAt: Date) =>
    startJob(CONTACT_CYCLE_JOBS.step, { alertId, step: index }, { delay: dueAt.getTime() - at.getTime() });

  if (step < cycle.nextStep) {
    if (cycle.nextStepAt) await queueStep(cycle.nextStep, cycle.nextStepAt);
    return { kind: 'done' };
  }
  if (step >= steps.length) return { kind: 'done' };
  const dueAt = cycle.nextStepAt ?? new Date(plannedAt(step));
  const unsettled = await db.receipt.count({
    where: { alertId, fallback: true, state: { in: ['pending', 'processing'] } },
  });
  if (unsettled > 0 && at.getTime() < dueAt.getTime() + MAX_WAIT_MS)
    return { kind: 'comeBack', at: new Date(at.getTime() + LOOK_AGAIN_MS) };

  const { round, channel } = steps[step];
  const added = await addStepReceipts(db, alertId, steps[step], at);
  await startDeliveryParts(db, alert, [{ channel, fallback: true, round }], 'cycle');
  logger.info('contact cycle: step started', { alertId, step, round, channel, people: added });
  const next = step + 1;
  const nextAt =
    next < steps.length ? new Date(Math.max(plannedAt(next), at.getTime() + plannedAt(next) - plannedAt(step))) : null;
  await db.contactCycle.updateMany({
    where: { alertId, nextStep: step },
    data: { nextStep: next, nextStepAt: nextAt },
  });
  if (nextAt) await queueStep(next, nextAt);
  return { kind: 'done' };
}
