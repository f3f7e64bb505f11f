import { expect, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import type { BrowserSubscription, ReceivedPush } from '../../helpers/fake-web-push';
import { e2eServerInfo } from './e2e-server-info';

// The browser side of Web Push in the e2e tests. The test machine reaches no push service and headless Chromium cannot
// subscribe at one, so the page is handed a subscription of the local push service (tests/helpers/fake-web-push.ts,
// started by serve.ts), which receives the worker's real, encrypted and VAPID-signed pushes; what reaches it is then
// delivered to the page's service worker through the DevTools protocol, as the browser's push service would.

async function pushServiceCall<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const context = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    const response = await context.fetch(`${e2eServerInfo().pushServiceUrl}${path}`, { method });
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  } finally {
    await context.dispose();
  }
}

/** A new browser subscription at the push service (its keys are the fake browser's). */
export function newPushSubscription(): Promise<{ id: string; subscription: BrowserSubscription }> {
  return pushServiceCall('POST', '/control/subscriptions');
}

/** The pushes (decrypted) that reached the subscription so far. */
export function pushesReceived(subscriptionId: string): Promise<ReceivedPush[]> {
  return pushServiceCall('GET', `/control/received/${subscriptionId}`);
}

/** PushManager in the context's pages answers with `subscription`, as a browser subscribed at that service would. */
export async function usePushSubscription(context: BrowserContext, subscription: BrowserSubscription) {
  await context.addInitScript((given) => {
    const STORED = 'e2e.pushSubscribed';
    const asSubscription = (key: ArrayBuffer | null) => ({
      endpoint: given.endpoint,
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
      unsubscribe: async () => {
        window.localStorage.removeItem(STORED);
        return true;
      },
    });
    const storedKey = () => {
      const stored = window.localStorage.getItem(STORED);
      return stored ? Uint8Array.from(JSON.parse(stored) as number[]).buffer : null;
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array | undefined;
      window.localStorage.setItem(STORED, JSON.stringify(Array.from(key ?? [])));
      return asSubscription(storedKey()) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const key = storedKey();
      return (key ? asSubscription(key) : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

/** Delivers `data` to the service worker that controls `scope` on the page's origin, as a push message. */
export async function deliverPushMessage(page: Page, scope: string, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === `${origin}${scope}`);
      if (found && !found.isDeleted) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  await cdp.detach();
}
