import {
  NOTIFICATION_LABELS_URL,
  RESPONDER_SETTINGS_CACHE,
  type NotificationLabels,
} from '@/lib/responder/notification-labels';

/** Gives the service worker the notification words in the person's language (it reads them when a push comes). */
export async function storeNotificationLabels(labels: NotificationLabels): Promise<void> {
  if (!('caches' in window)) return;
  const cache = await caches.open(RESPONDER_SETTINGS_CACHE);
  await cache.put(
    NOTIFICATION_LABELS_URL,
    new Response(JSON.stringify(labels), { headers: { 'Content-Type': 'application/json' } }),
  );
}
