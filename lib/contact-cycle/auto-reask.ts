import type { Db } from '@/lib/db';
import { addReaskReceipts, nextReaskRound } from '@/lib/delivery/add-reask-receipts';
import { loadDeliveryAlert } from '@/lib/delivery/load-delivery-alert';
import { startDeliveryParts } from '@/lib/delivery/start-delivery-parts';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { CONTACT_CYCLE_JOBS, startJob } from '@/lib/queue';
import { readContactCycleSettings } from './contact-cycle-settings';

/** A re-ask is left to its own job this long past its due time before the minute sweep starts it again. */
const GRACE_MS = 60_000;

/**
 * Run by the dispatch job: an alert that asks for answers, of a company that asks again by itself after
 * `reaskAfterMinutes`, gets that due time and a delayed job. Written once (a dispatch run again neither moves it nor
 * brings back a re-ask that ran: it is not due again once the question was asked again).
 */
export async function scheduleAutoReask(db: Db, alertId: string): Promise<void> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert || alert.responseOptions.length === 0) return;
  const { reaskAfterMinutes } = await readContactCycleSettings(db, alert.companyId);
  if (reaskAfterMinutes === 0) return;
  const dueAt = new Date(alert.sentAt.getTime() + reaskAfterMinutes * env.CONTACT_CYCLE_MINUTE_SECONDS * 1000);
  const scheduled = await db.$executeRaw`
    UPDATE "Alert" SET "autoReaskAt" = ${dueAt}
    WHERE id = ${alert.id}::uuid AND "autoReaskAt" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "Receipt" WHERE "alertId" = ${alert.id}::uuid AND NOT fallback AND round > 1)`;
  if (scheduled > 0)
    await startJob(CONTACT_CYCLE_JOBS.autoReask, { alertId: alert.id }, { delay: dueAt.getTime() - Date.now() });
}

/**
 * The job of an alert's automatic re-ask (issue 36): once due, in one transaction it takes the due time off the alert
 * (so it runs once, however often the job does) and, unless someone asked again by hand meanwhile, adds the receipts
 * of asking again (round 2) for who has not answered; then starts their delivery (the delivery sweep restarts it if this
 * process dies first). A closed alert asks nothing. Returns how many people were asked.
 */
export async function runAutoReask(db: Db, alertId: string, at: Date): Promise<number> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert) return 0;
  const people = await db.$transaction(async (tx) => {
    const taken = await tx.$executeRaw`
      UPDATE "Alert" SET "autoReaskAt" = NULL
      WHERE id = ${alertId}::uuid AND status = 'active' AND "autoReaskAt" IS NOT NULL AND "autoReaskAt" <= ${at}`;
    if (taken === 0 || (await nextReaskRound(tx, alertId)) !== 2) return null;
    return addReaskReceipts(tx, alert, 2, at);
  });
  if (people === null) return 0;
  await startDeliveryParts(
    db,
    alert,
    alert.channels.map((channel) => ({ channel, fallback: false, round: 2 })),
    'reask',
  );
  logger.info('answers: asked again by itself', { alertId, people });
  return people;
}

/** The automatic re-asks due for more than a minute whose job was lost (Redis): started again. Returns how many. */
export async function resumeAutoReasks(db: Db, at: Date): Promise<number> {
  const overdue = await db.alert.findMany({
    where: { status: 'active', autoReaskAt: { lt: new Date(at.getTime() - GRACE_MS) } },
    select: { id: true },
  });
  let started = 0;
  for (const { id } of overdue)
    started += Number(await startJob(CONTACT_CYCLE_JOBS.autoReask, { alertId: id }, { delay: 0 }));
  return started;
}
