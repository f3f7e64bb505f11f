import { vapidDetails, webPushConfigured } from '@/lib/providers/push/push-config';

/** The VAPID public key a browser subscribes with (its applicationServerKey); null when Web Push is not configured. */
export function getWebPushKey(): { publicKey: string | null } {
  return { publicKey: webPushConfigured() ? vapidDetails().publicKey : null };
}
