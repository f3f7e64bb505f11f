import type { OutboxDrivers } from '@/lib/outbox/outbox-drivers';

/** `sends`: a provider is configured; `records`: the outbox keeps each message instead (DESIGN §6). */
export type ChannelMode = 'sends' | 'records';

export interface ChannelModes {
  /** Push to the iOS and Android app (FCM). */
  push: ChannelMode;
  /** Push to browsers (Web Push). */
  webPush: ChannelMode;
  sms: ChannelMode;
  voice: ChannelMode;
  email: ChannelMode;
}

const modeOf = (driver: string): ChannelMode => (driver === 'outbox' ? 'records' : 'sends');

/** Whether each channel really sends, from the drivers the product picks (lib/outbox/outbox-drivers.ts). */
export function channelModes(drivers: OutboxDrivers): ChannelModes {
  return {
    push: modeOf(drivers.push),
    webPush: modeOf(drivers.web),
    sms: modeOf(drivers.sms),
    voice: modeOf(drivers.voice),
    email: modeOf(drivers.email),
  };
}
