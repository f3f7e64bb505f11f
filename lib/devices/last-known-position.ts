import type { DbClient } from '@/lib/db';

/** The person's newest position from any of their devices (or without one), recorded at or after `since` if given. */
export async function lastKnownPosition(client: DbClient, userId: string, since?: Date) {
  const position = await client.position.findFirst({
    where: { userId, ...(since ? { recordedAt: { gte: since } } : {}) },
    orderBy: { recordedAt: 'desc' },
    select: { lat: true, lng: true, accuracy: true, recordedAt: true, device: { select: { name: true } } },
  });
  return position && { ...position, deviceName: position.device?.name ?? null };
}
