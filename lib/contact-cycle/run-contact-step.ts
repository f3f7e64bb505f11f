import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
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
 * One step of an alert's contact cycle (a delayed job, due at its time: contact-cycle-plan.ts). While the alert is
 * active: once the earlier steps' messages are settled (so each person gets the steps in order; a worker killed while
 * sending holds them up for a lease at most), adds the step's receipts for who has still neither confirmed nor answered,
 * starts their delivery parts, moves the cycle on and queues the next step. Exactly once per step and person however
 * often it runs: the receipts' key, the cycle's conditional move and the jobs' ids; a step the cycle moved past only
 * queues the next one again. A closed alert's cycle ends here.
 */
export async function runContactStep(db: Db, alertId: string, step: number, at: Date): Promise<ContactStepEnd> {
  const cycle = await db.contactCycle.findUnique({ where: { alertId } });
  const alert = await loadDeliveryAlert(db, alertId);
  if (!cycle || !alert || step > cycle.nextStep) return { kind: 'done' };
  const steps = contactCycleSteps(cycle);
  const dueAt = (index: number) =>
    new Date(alert.sentAt.getTime() + contactStepOffsetMs(cycle, steps[index], env.FALLBACK_SMS_DELAY_SECONDS));

  if (step === cycle.nextStep && step < steps.length) {
    const unsettled = await db.receipt.count({
      where: { alertId, fallback: true, state: { in: ['pending', 'processing'] } },
    });
    if (unsettled > 0 && at.getTime() < dueAt(step).getTime() + MAX_WAIT_MS)
      return { kind: 'comeBack', at: new Date(at.getTime() + LOOK_AGAIN_MS) };
    const { round, channel } = steps[step];
    await addStepReceipts(db, alertId, steps[step], at);
    await startDeliveryParts(db, alert, [{ channel, fallback: true, round }], 'cycle');
    const next = step + 1;
    await db.contactCycle.updateMany({
      where: { alertId, nextStep: step },
      data: { nextStep: next, nextStepAt: next < steps.length ? dueAt(next) : null },
    });
  }
  const next = Math.max(step + 1, cycle.nextStep);
  if (next < steps.length)
    await startJob(CONTACT_CYCLE_JOBS.step, { alertId, step: next }, { delay: dueAt(next).getTime() - at.getTime() });
  return { kind: 'done' };
}
