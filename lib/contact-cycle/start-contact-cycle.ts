import { now } from '@/lib/clock';
import { VOICE_PLANS } from '@/lib/companies/plans';
import type { Db } from '@/lib/db';
import { hasFallbackSms, loadDeliveryAlert } from '@/lib/delivery/load-delivery-alert';
import { env } from '@/lib/env';
import { CONTACT_CYCLE_JOBS, startJob } from '@/lib/queue';
import { contactCycleSteps, contactStepOffsetMs, type ContactCyclePlan } from './contact-cycle-plan';
import { alertTypeInCycle, readContactCycleSettings } from './contact-cycle-settings';

/**
 * Run by the dispatch job before dispatchAlert: an active alarm (or any alert, as the company chose) on a plan with the
 * fallback SMS starts its contact cycle with the company's settings of the moment (a later change of the settings
 * leaves a running cycle as it is), and queues its first step. Safe to run again: the cycle's row is written once, its
 * first step queued once.
 */
export async function startContactCycle(db: Db, alertId: string): Promise<void> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert || !hasFallbackSms(alert)) return;
  const settings = await readContactCycleSettings(db, alert.companyId);
  if (!alertTypeInCycle(alert.type, settings)) return;
  const plan: ContactCyclePlan = {
    rounds: settings.contactCycleRounds,
    callAfterSeconds: settings.contactCycleCallAfterMinutes * env.CONTACT_CYCLE_MINUTE_SECONDS,
    repeatAfterSeconds: settings.contactCycleRepeatAfterMinutes * env.CONTACT_CYCLE_MINUTE_SECONDS,
    withCalls: VOICE_PLANS.includes(alert.plan),
  };
  const steps = contactCycleSteps(plan);
  if (steps.length === 0) return;
  const firstAt = new Date(
    alert.sentAt.getTime() + contactStepOffsetMs(plan, steps[0], env.FALLBACK_SMS_DELAY_SECONDS),
  );
  await db.contactCycle.createMany({
    data: [{ alertId: alert.id, companyId: alert.companyId, ...plan, nextStep: 0, nextStepAt: firstAt }],
    skipDuplicates: true,
  });
  const cycle = await db.contactCycle.findUniqueOrThrow({ where: { alertId: alert.id } });
  if (cycle.nextStep === 0)
    await startJob(
      CONTACT_CYCLE_JOBS.step,
      { alertId: alert.id, step: 0 },
      { delay: firstAt.getTime() - now().getTime() },
    );
}
