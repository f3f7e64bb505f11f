import type { Db } from '@/lib/db';
import { waitForCommit } from '@/lib/db/wait-for-commit';
import { sendPush } from '@/lib/providers/push/send-push';
import type { PositioningPushRequest } from '@/lib/providers/push/push-types';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';

/** Held by the transaction that writes a positioning and queues its request job (lib/db/wait-for-commit.ts). */
export function positioningWriteKey(positioningId: string): string {
  return `positioning-write:${positioningId}`;
}

/**
 * The positioning-request job: a data push to every device of the positioning that was not asked yet (FCM, Web Push,
 * or the outbox). A device the push cannot reach for good is not reached at once; a passing failure makes the job fail,
 * so BullMQ tries again for the devices still not asked. Nothing is sent once the positioning is closed.
 */
export async function sendPositioningRequests(
  client: Db,
  positioningId: string,
  now: Date,
): Promise<{ asked: number }> {
  await waitForCommit(client, positioningWriteKey(positioningId));
  const positioning = await client.positioning.findUnique({
    where: { id: positioningId },
    select: {
      id: true,
      companyId: true,
      reason: true,
      answerBy: true,
      closedAt: true,
      author: { select: { name: true } },
    },
  });
  // Its transaction rolled back, or it was deleted since: nothing to ask.
  if (!positioning) return { asked: 0 };
  if (positioning.closedAt) return { asked: 0 };
  const rows = await client.positioningResult.findMany({
    where: { positioningId, state: 'pending', askedAt: null, deviceId: { not: null } },
    select: {
      id: true,
      userId: true,
      device: { select: { id: true, name: true, platform: true, pushToken: true, pushSubscription: true } },
    },
  });
  const asked = rows.filter((row) => row.device !== null);
  const requests: PositioningPushRequest[] = asked.map((row) => ({
    device: row.device!,
    positioning: {
      positioningId,
      companyId: positioning.companyId,
      userId: row.userId,
      reason: positioning.reason,
      askedBy: positioning.author?.name ?? '',
      answerBy: positioning.answerBy.toISOString(),
    },
  }));
  const results = await sendPush(client, requests);
  const sent = asked.filter((_, index) => results[index].outcome === 'sent').map((row) => row.id);
  const unreachable = asked
    .filter((_, index) => {
      const result = results[index];
      return result.outcome === 'failed' && result.permanent;
    })
    .map((row) => row.id);
  await client.positioningResult.updateMany({ where: { id: { in: sent } }, data: { askedAt: now } });
  if (unreachable.length) {
    await client.positioningResult.updateMany({
      where: { id: { in: unreachable }, state: 'pending' },
      data: { state: 'notReached' },
    });
    emitCompanyEvent('positioningChanged', positioning.companyId, { positioningId });
  }
  const waiting = asked.length - sent.length - unreachable.length;
  if (waiting > 0) throw new Error(`${waiting} devices of positioning ${positioningId} wait for another attempt`);
  return { asked: sent.length };
}
