import { now } from '@/lib/clock';
import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

// A device whose push target dies is marked (pushLostAt) rather than forgotten: the admins' member list tells a person
// whose app stopped receiving from one who never had it. Registering a new token or subscription clears the mark.

/** FCM said these tokens are no longer registered: no device keeps them (a device that got a new token meanwhile keeps it). */
export async function removeDeadPushTokens(db: DbClient, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.device.updateMany({ where: { pushToken: { in: tokens } }, data: { pushToken: null, pushLostAt: now() } });
}

/** The push service said these subscriptions are gone (404/410): their browsers drop them, unless re-subscribed meanwhile. */
export async function removeDeadPushSubscriptions(
  db: DbClient,
  dead: { deviceId: string; endpoint: string }[],
): Promise<void> {
  for (const { deviceId, endpoint } of dead) {
    await db.device.updateMany({
      where: { id: deviceId, pushSubscription: { path: ['endpoint'], equals: endpoint } },
      data: { pushSubscription: Prisma.DbNull, pushLostAt: now() },
    });
  }
}
