import { env, required } from '@/lib/env';

/** Phones get push through FCM when its service account is set, else the outbox records it. */
export function fcmConfigured(): boolean {
  return Boolean(env.FCM_SERVICE_ACCOUNT);
}

/** Browsers get Web Push when the VAPID keys are set (lib/env checks that both keys and the subject go together). */
export function webPushConfigured(): boolean {
  return Boolean(env.WEB_PUSH_VAPID_PUBLIC_KEY);
}

export function vapidDetails() {
  return {
    subject: required('WEB_PUSH_SUBJECT'),
    publicKey: required('WEB_PUSH_VAPID_PUBLIC_KEY'),
    privateKey: required('WEB_PUSH_VAPID_PRIVATE_KEY'),
  };
}
