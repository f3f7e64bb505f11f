import { cert, initializeApp } from 'firebase-admin/app';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';
import { env, required } from '@/lib/env';
import { gatewayAgent } from './gateway-agent';

/** firebase-admin's limit for one sendEach call. */
export const FCM_BATCH_SIZE = 500;

let messaging: Messaging | undefined;

/** firebase-admin's messaging client for FCM_SERVICE_ACCOUNT (the key's JSON, or the path of its file). */
export function fcmMessaging(): Messaging {
  if (messaging) return messaging;
  const key = required('FCM_SERVICE_ACCOUNT');
  const serviceAccount = key.trim().startsWith('{') ? JSON.parse(key) : key;
  if (!env.FCM_API_URL) {
    messaging = getMessaging(initializeApp({ credential: cert(serviceAccount) }, 'tocsin-push'));
    return messaging;
  }
  // sendEach sends a batch's messages all at once: over HTTP/2 to Google they share one connection, through the gateway
  // each needs its own, so a batch takes one round trip either way.
  const agent = gatewayAgent(env.FCM_API_URL, FCM_BATCH_SIZE);
  messaging = getMessaging(initializeApp({ credential: cert(serviceAccount, agent), httpAgent: agent }, 'tocsin-push'));
  // The default HTTP/2 transport connects to fcm.googleapis.com itself; only HTTP/1.1 requests go through the agent.
  messaging.enableLegacyHttpTransport();
  return messaging;
}
