import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Channel } from '@/lib/generated/prisma/enums';
import { logger } from '@/lib/logger';
import { DELIVERY_JOBS, startJob } from '@/lib/queue';
import { loadDeliveryAlert } from './load-delivery-alert';
import { startDeliveryParts } from './start-delivery-parts';

/** How long after sending a delivery is expected to have started: the sweep leaves younger alerts to their own job. */
const GRACE_MS = 60_000;

/**
 * The safety net of delivery (every minute): each receipt group of an active alert with receipts not yet sent (pending,
 * or processing past the lease; a contact cycle step's group too) gets its parts back where BullMQ has none of them
 * queued, delayed or running, or they failed — e.g. when Redis was unreachable right after sending. Likewise the
 * fallback SMS job of a paying alert past its 2 minutes with people still waiting for it. Returns the jobs started.
 */
export async function resumeDeliveries(db: Db, at: Date): Promise<number> {
  const before = new Date(at.getTime() - GRACE_MS);
  const leaseStart = new Date(at.getTime() - env.DELIVERY_LEASE_SECONDS * 1000);
  const fallbackBefore = new Date(before.getTime() - env.FALLBACK_SMS_DELAY_SECONDS * 1000);
  const unsent = await db.$queryRaw<{ id: string; channel: Channel; fallback: boolean; round: number }[]>`
    SELECT DISTINCT a.id, rc.channel, rc.fallback, rc.round::int AS round FROM "Alert" a
    JOIN "Receipt" rc ON rc."alertId" = a.id
    WHERE a.status = 'active' AND a."sentAt" < ${before}
      AND (rc.state = 'pending' OR (rc.state = 'processing' AND rc."updatedAt" < ${leaseStart}))`;
  const unfallen = await db.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM "Alert" a JOIN "Company" c ON c.id = a."companyId"
    WHERE a.status = 'active' AND a."sentAt" < ${fallbackBefore} AND c.plan <> 'free' AND 'push' = ANY(a.channels)
      AND EXISTS (
        SELECT 1 FROM "AlertRecipient" r
        JOIN "Receipt" push ON push."alertId" = r."alertId" AND push."userId" = r."userId" AND push.channel = 'push' AND NOT push.fallback
        WHERE r."alertId" = a.id AND r."inTarget" AND r."receivedAt" IS NULL AND push.state NOT IN ('received', 'seen')
          AND NOT EXISTS (SELECT 1 FROM "Receipt" sms WHERE sms."alertId" = r."alertId" AND sms."userId" = r."userId" AND sms.channel = 'sms'))`;

  let started = 0;
  for (const alertId of new Set(unsent.map((row) => row.id))) {
    const alert = await loadDeliveryAlert(db, alertId);
    if (!alert) continue;
    const groups = unsent.filter((row) => row.id === alertId);
    const main = groups.filter((group) => !group.fallback);
    const fallback = groups.filter((group) => group.fallback && group.round === 1 && group.channel === 'sms');
    const cycleSteps = groups.filter((group) => group.fallback && !fallback.includes(group));
    started += await startDeliveryParts(db, alert, main, 'dispatch');
    started += await startDeliveryParts(db, alert, fallback, 'fallback');
    started += await startDeliveryParts(db, alert, cycleSteps, 'cycle');
  }
  for (const { id } of unfallen)
    started += Number(await startJob(DELIVERY_JOBS.fallback, { alertId: id }, { delay: 0 }));
  if (started > 0) logger.warn('delivery: resumed deliveries that had no running job', { started });
  return started;
}
