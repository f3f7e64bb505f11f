import type { Device } from '@/lib/generated/prisma/client';
import { canReceivePush } from './can-receive-push';

/** A device as the API shows it to its owner: never the push token itself. */
export function deviceView(device: Device) {
  return {
    deviceId: device.id,
    name: device.name,
    platform: device.platform,
    appVersion: device.appVersion,
    hasPush: canReceivePush(device),
    lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
    createdAt: device.createdAt.toISOString(),
  };
}
