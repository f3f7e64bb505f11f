import { cert, initializeApp } from 'firebase-admin/app';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';
import { env, required } from '@/lib/env';
import { gatewayAgent } from './gateway-agent';

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
  const agent = gatewayAgent(env.FCM_API_URL);
  messaging = getMessaging(initializeApp({ credential: cert(serviceAccount, agent), httpAgent: agent }, 'tocsin-push'));
  // The default HTTP/2 transport connects to fcm.googleapis.com itself; only HTTP/1.1 requests go through the agent.
  messaging.enableLegacyHttpTransport();
  return messaging;
}
