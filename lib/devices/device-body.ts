import { z } from 'zod';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pushSubscription } from '@/lib/providers/push/push-subscription';

/** What the mobile app (or a browser) tells about itself when it registers (DESIGN §7). */
export const deviceBody = z.object({
  name: z.string().trim().min(1).max(100),
  platform: z.enum(['ios', 'android', 'web']),
  /** The FCM registration token of a phone. */
  pushToken: z.string().trim().min(1).max(4096).nullish(),
  pushSubscription: pushSubscription.nullish(),
  appVersion: z.string().trim().max(50).nullish(),
});

export const deviceIdParams = z.object({ id: z.uuid() });

export const deviceTestParams = z.object({ id: z.uuid(), testId: z.uuid() });

export const positionBody = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(1_000_000).nullish(),
});

/**
 * The Device columns a registration or an update sets, for the caller, seen now. A new push token or subscription
 * ends a "push lost" (remove-dead-push-targets.ts).
 */
export function deviceColumns(input: z.output<typeof deviceBody>, userId: string, now: Date) {
  return {
    userId,
    name: input.name,
    platform: input.platform,
    pushToken: input.pushToken ?? null,
    pushSubscription: (input.pushSubscription ?? undefined) as Prisma.InputJsonValue | undefined,
    appVersion: input.appVersion ?? null,
    lastSeenAt: now,
    ...(input.pushToken || input.pushSubscription ? { pushLostAt: null } : {}),
  };
}
