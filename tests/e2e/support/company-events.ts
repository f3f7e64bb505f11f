import type { Page } from '@playwright/test';
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
