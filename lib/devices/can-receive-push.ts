import { Prisma } from '@/lib/generated/prisma/client';
import type { DevicePlatform } from '@/lib/generated/prisma/enums';

/**
 * THE definition of "has the app" (spec §1, §2): a person can receive push when one of their devices can — a phone
 * (ios, android) with a push token, or a browser (web) with a Web Push subscription. These are exactly the devices
 * lib/providers/push/send-push.ts sends to (through FCM, Web Push or the outbox); a device that only reports positions
 * is not enough. The dashboard's count, the members' and teams' badges, the reach preview, delivery and the devices'
 * `hasPush` all use the spellings below, which tests/api/app-reach.test.ts holds to agreeing. A JSON null written as a
 * subscription is stored as SQL NULL (a trigger, migration 20261126110000), so "has a subscription" is simply NOT NULL.
 */
const PHONES: DevicePlatform[] = ['ios', 'android'];

/** For Prisma: a device that can receive push. */
export const pushCapableDevice = {
  OR: [
    { platform: { in: PHONES }, pushToken: { not: null } },
    { platform: 'web', pushSubscription: { not: Prisma.DbNull } },
  ],
} satisfies Prisma.DeviceWhereInput;

/** For Prisma: a user with at least one device that can receive push. */
export const hasAppWhere = { devices: { some: pushCapableDevice } } satisfies Prisma.UserWhereInput;

/** For Prisma: a user without any device that can receive push (no device, or only devices without push). */
export const withoutAppWhere = { devices: { none: pushCapableDevice } } satisfies Prisma.UserWhereInput;

/** For raw SQL: true when the "Device" row named `alias` can receive push. */
export function pushCapableDeviceSql(alias: string): Prisma.Sql {
  const device = Prisma.raw(`"${alias}"`);
  return Prisma.sql`((${device}.platform = ANY(${PHONES}::"DevicePlatform"[]) AND ${device}."pushToken" IS NOT NULL)
        OR (${device}.platform = 'web' AND ${device}."pushSubscription" IS NOT NULL))`;
}

/** For raw SQL: true when the user whose id is `userId` (an SQL expression) has a device that can receive push. */
export function hasAppSql(userId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (
    SELECT 1 FROM "Device" push_device WHERE push_device."userId" = ${userId} AND ${pushCapableDeviceSql('push_device')})`;
}

/** For a device already loaded. */
export function canReceivePush(device: {
  platform: DevicePlatform;
  pushToken: string | null;
  pushSubscription: unknown;
}): boolean {
  return device.platform === 'web' ? device.pushSubscription != null : device.pushToken !== null;
}
