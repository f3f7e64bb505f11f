import { expect, type Page } from '@playwright/test';
import type { CompanyEventKind } from '@/lib/realtime/events';
import { testEnv } from '../../helpers/test-env';

/**
 * Announces a company event through the product's own emitter (lib/realtime/emit-company-event.ts) on the e2e server's
 * Redis, as the code that creates alerts and missions does.
 */
export async function announceCompanyEvent(
  kind: CompanyEventKind,
  companyId: string,
  payload: Record<string, unknown> = {},
): Promise<void> {
  process.env.REDIS_URL ??= testEnv('TEST_REDIS_URL');
  // lib/env reads the environment once: a spec that loaded it earlier in this worker saw no REDIS_URL.
  const { env } = await import('@/lib/env');
  env.REDIS_URL ??= process.env.REDIS_URL;
  const { emitCompanyEvent } = await import('@/lib/realtime/emit-company-event');
  emitCompanyEvent(kind, companyId, payload);
}

export async function closeCompanyEvents(): Promise<void> {
  const { closeEmitter } = await import('@/lib/realtime/emit-company-event');
  closeEmitter();
}

/** Resolves once the page's Socket.IO connection to /eventHub has been accepted (the CONNECT answer "40{...}"). Call before navigating. */
export function eventHubConnected(page: Page): Promise<unknown> {
  return page
    .waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/eventHub'), timeout: 20_000 })
    .then((socket) =>
      socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).startsWith('40'),
        timeout: 20_000,
      }),
    );
}

/**
 * Once its live connection is made, a page reads its data again (what changed between its first read and the connection
 * may have been missed): resolves when `path` was read twice since `page` opened (call before navigating) and every read
 * of `prefix` answered, so that what a test records next is what the events cause.
 */
export function caughtUpAfterConnecting(page: Page, path: string, prefix: string): () => Promise<void> {
  let reads = 0;
  const inFlight = new Set<unknown>();
  const ofPrefix = (url: string) => new URL(url).pathname.startsWith(prefix);
  page.on('request', (request) => {
    if (!ofPrefix(request.url())) return;
    inFlight.add(request);
    if (new URL(request.url()).pathname === path) reads += 1;
  });
  const done = (request: { url(): string }) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => expect.poll(() => reads >= 2 && inFlight.size === 0, { timeout: 15_000 }).toBe(true);
}
