import { env } from '@/lib/env';
import { fcmConfigured, webPushConfigured } from '@/lib/providers/push/push-config';
import { twilioConfigured } from '@/lib/providers/twilio/twilio-client';

/** Where each channel's messages go: its real provider, or 'outbox' when none is configured (DESIGN §6). */
export interface OutboxDrivers {
  sms: 'twilio' | 'outbox';
  voice: 'twilio' | 'outbox';
  /** Push to the iOS and Android app. */
  push: 'fcm' | 'outbox';
  /** Push to browsers. */
  web: 'webpush' | 'outbox';
  email: 'smtp' | 'outbox';
}

export function outboxDrivers(): OutboxDrivers {
  const twilio = twilioConfigured() ? 'twilio' : 'outbox';
  return {
    sms: twilio,
    voice: twilio,
    push: fcmConfigured() ? 'fcm' : 'outbox',
    web: webPushConfigured() ? 'webpush' : 'outbox',
    email: env.SMTP_URL ? 'smtp' : 'outbox',
  };
}
