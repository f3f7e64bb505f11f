import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isResponderPath, sessionKeysOf } from '@/lib/http/client';

/**
 * Logs in through the API and stores the session the way the login page does, then opens `path`. The login form itself
 * is covered by login.spec.ts; elsewhere it would only cost time.
 */
export async function openAs(page: Page, user: { email: string; password: string }, path: string): Promise<void> {
  await openWithSession(page, await logIn(page.request, user, isResponderPath(path) ? 'device' : 'console'), path);
}

export interface StoredSession {
  token: string;
  customerId: string | null;
}

/** A session from POST /api/login, to be stored in several pages with openWithSession. */
export async function logIn(
  request: APIRequestContext,
  user: { email: string; password: string },
  sessionKind: 'console' | 'device' = 'console',
): Promise<StoredSession> {
  const response = await request.post('/api/login', {
    data: { email: user.email, password: user.password, sessionKind },
    headers: { 'X-Api-Version': '2.2' },
  });
  expect(response.status()).toBe(200);
  const { token, customerId } = (await response.json()) as StoredSession;
  return { token, customerId };
}

/**
 * Stores `session` the way the login page does (once per tab, so a logout in the test sticks), the responder's under
 * its own keys, then opens `path`.
 */
export async function openWithSession(page: Page, { token, customerId }: StoredSession, path: string): Promise<void> {
  const keys = sessionKeysOf(isResponderPath(path) ? 'responder' : 'console');
  await page.addInitScript(
    ([storedToken, storedCustomerId, tokenKey, customerIdKey]) => {
      if (!window.sessionStorage.getItem('e2e-session-seeded')) {
        window.sessionStorage.setItem('e2e-session-seeded', '1');
        window.localStorage.setItem(tokenKey, storedToken);
        if (storedCustomerId) window.localStorage.setItem(customerIdKey, storedCustomerId);
      }
    },
    [token, customerId ?? '', keys.token, keys.customerId] as const,
  );
  await page.goto(path);
}
