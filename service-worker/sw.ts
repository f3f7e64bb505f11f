/// <reference lib="webworker" />
// The responder's service worker (issue 33, docs/responder.md), built with Serwist into public/sw.js after `next build`
// (scripts/build-service-worker.ts) and registered by the responder with the scope /r/. It shows every push as a
// notification, opens the alert (which confirms it) on a tap, and keeps the responder's shell for a bad network.
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  type PrecacheEntry,
  type SerwistGlobalConfig,
} from 'serwist';
import { readWebPushPayload } from '@/lib/providers/push/web-push-payload';
import { notificationForPush } from '@/lib/responder/notification-for-push';
import {
  ENGLISH_NOTIFICATION_LABELS,
  NOTIFICATION_LABELS_URL,
  RESPONDER_SETTINGS_CACHE,
  TEST_PUSH_MESSAGE,
  type NotificationLabels,
} from '@/lib/responder/notification-labels';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    // Next's chunks are named by their content: once fetched, they never change.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({
        cacheName: 'tocsin-static',
        plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
      }),
    },
    // The responder's pages: fresh when the network answers within a few seconds, the last copy otherwise.
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === 'navigate' && (url.pathname === '/r' || url.pathname.startsWith('/r/')),
      handler: new NetworkFirst({
        cacheName: 'tocsin-responder-pages',
        networkTimeoutSeconds: 5,
        plugins: [new ExpirationPlugin({ maxEntries: 50 })],
      }),
    },
  ],
  fallbacks: {
    // An alert page never opened before, offline: the responder's front page (its alert list is kept by the page).
    entries: [{ url: '/r', matcher: ({ request }) => request.mode === 'navigate' }],
  },
});
serwist.addEventListeners();

async function notificationLabels(): Promise<NotificationLabels> {
  try {
    const cache = await caches.open(RESPONDER_SETTINGS_CACHE);
    const stored = await cache.match(NOTIFICATION_LABELS_URL);
    return stored
      ? { ...ENGLISH_NOTIFICATION_LABELS, ...((await stored.json()) as NotificationLabels) }
      : ENGLISH_NOTIFICATION_LABELS;
  } catch {
    return ENGLISH_NOTIFICATION_LABELS;
  }
}

self.addEventListener('push', (event) => {
  const payload = readWebPushPayload(event.data?.text());
  const supportsActions =
    'maxActions' in Notification && (Notification as unknown as { maxActions: number }).maxActions > 0;
  event.waitUntil(
    (async () => {
      const labels = await notificationLabels();
      const { title, options } = notificationForPush(payload, labels, supportsActions);
      await self.registration.showNotification(title, options);
      // A test push: the responder that asked for it records that it arrived (the worker makes no API calls).
      if (payload?.data.type === 'test') {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        for (const client of windows) client.postMessage({ type: TEST_PUSH_MESSAGE, testId: payload.data.testId });
      }
    })(),
  );
});

/** A tap or the Confirm button: the alert's page in a responder window already open, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? '/r', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const responder = windows.find((client) => new URL(client.url).pathname.startsWith('/r'));
      if (responder) {
        await responder.focus();
        await responder.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
