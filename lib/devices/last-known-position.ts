import type { DbClient } from '@/lib/db';
import { visiblePositionWhere } from './visible-positions';

/**
 * The person's newest position that `companyId` may read (visible-positions.ts), from any of their devices (or without
 * one), recorded at or after `since` if given.
 */
export async function lastKnownPosition(client: DbClient, companyId: string, userId: string, since?: Date) {
  const position = await client.position.findFirst({
    where: { userId, ...visiblePositionWhere(companyId), ...(since ? { recordedAt: { gte: since } } : {}) },
    orderBy: { recordedAt: 'desc' },
    select: { lat: true, lng: true, accuracy: true, recordedAt: true, device: { select: { name: true } } },
  });
  return position && { ...position, deviceName: position.device?.name ?? null };
}
