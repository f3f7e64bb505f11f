import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newTotpSecret } from '@/lib/auth/totp';
import { totpCode } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser, type ConfirmedUser } from './support/accounts';
import { eventHubConnected } from './support/company-events';
import { e2eDb } from './support/e2e-db';
import { expectLoggedIn, logInThroughForm, storedToken } from './support/login-page';

// Item 5 of issue 16: a session that ends says why on /loggedOut, after the real event, and logging in again returns to
// the page the person was on.

const PAGE = '/profile';
const MINUTE = 60_000;

/** A second login of the same person ("another window or device"), through the API. */
async function otherSession(request: APIRequestContext, user: { email: string; password: string }) {
  const response = await request.post('/api/login', {
    data: { email: user.email, password: user.password },
    headers: { 'X-Api-Version': '2.2' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const headers = (token: string) => ({ 'X-Api-Version': '2.2', Authorization: `Bearer ${token}` });

async function openProfile(page: Page, user: ConfirmedUser) {
  await logInThroughForm(page, user, `/login?redirect=${encodeURIComponent(PAGE)}`);
  await expect(page).toHaveURL(/\/profile$/);
  await expectLoggedIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * The page asks the server again (a reload fetches the profile), meets the 440 and lands on /loggedOut; unless a request
 * of its own (the console polls) met it first and it is already on its way there.
 */
async function expectEnded(page: Page, reasonText: string | RegExp) {
  // A reload cut short by the page's own move to /loggedOut is fine: either way it must end up there.
  if (await storedToken(page).catch(() => null)) await page.reload().catch(() => undefined);
  await expect(page).toHaveURL(/\/loggedOut\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('redirect')).toBe(PAGE);
  await expect(page.getByRole('main')).toContainText(reasonText);
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function logBackIn(page: Page, user: ConfirmedUser) {
  await page.getByRole('link', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectLoggedIn(page);
}

test.describe('a session that ends says why', () => {
  test.describe.configure({ timeout: 120_000 }); // several logins and a reload each, on a busy shared machine
  test('after 30 idle minutes, and logging in again returns to the page', async ({ page }, testInfo) => {
    const user = await createConfirmedUser();
    await openProfile(page, user);
    // Half an hour passes without a request: the session's clock is moved back by 31 minutes.
    const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
    await e2eDb().session.updateMany({
      where: { userId: user.userId, revokedAt: null },
      data: { createdAt: ago(31), lastUsedAt: ago(31), idleExpiresAt: ago(1) },
    });
    await expectEnded(page, 'You were logged out after a while without activity');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your session has ended');
    await screenshot(page, testInfo, 'logged-out-idle');
    await logBackIn(page, user);
  });

  test('after the password was changed elsewhere', async ({ page }, testInfo) => {
    const user = await createConfirmedUser();
    await openProfile(page, user);
    const elsewhere = await otherSession(page.request, user);
    const changed = await page.request.put('/api/password/update', {
      headers: headers(elsewhere),
      data: { currentPassword: user.password, password: 'a brand new passphrase' },
    });
    expect(changed.status()).toBe(200);
    await expectEnded(page, 'Your password was changed in another window or on another device');
    await screenshot(page, testInfo, 'logged-out-password');
    await logBackIn(page, { ...user, password: 'a brand new passphrase' });
  });

  test('after two-step verification was turned on elsewhere', async ({ page }) => {
    const user = await createConfirmedUser();
    await openProfile(page, user);
    const elsewhere = await otherSession(page.request, user);
    const secret = newTotpSecret();
    await e2eDb().user.update({ where: { id: user.userId }, data: { totpPendingSecret: secret } });
    const changed = await page.request.put('/api/me/otp', {
      headers: headers(elsewhere),
      data: { use2FA: true, otp: await totpCode(secret) },
    });
    expect(changed.status()).toBe(200);
    await expectEnded(page, 'Two-step verification was turned on or off for your account');
  });

  test('after being removed from the company', async ({ page }, testInfo) => {
    const owner = await createConfirmedUser();
    const member = await createConfirmedUser({ role: 'user' });
    // The member belongs to the owner's company only.
    await e2eDb().membership.updateMany({ where: { userId: member.userId }, data: { companyId: owner.companyId } });
    const memberAccount = { ...member, companyId: owner.companyId };
    await openProfile(page, memberAccount);
    const admin = await otherSession(page.request, owner);
    const removed = await page.request.delete(`/api/accounts/${member.userId}/soft-delete`, {
      headers: { ...headers(admin), CustomerId: owner.companyId },
    });
    expect(removed.status()).toBe(200);
    await expectEnded(page, 'You were removed from the company');
    await screenshot(page, testInfo, 'logged-out-removed');
  });

  test('on a page that asks the server nothing, as soon as its live connection is ended', async ({ page }) => {
    // A member's dashboard: once loaded it asks nothing more (no map of positions, no missions).
    const user = await createConfirmedUser({ role: 'user' });
    const connected = eventHubConnected(page);
    await logInThroughForm(page, user, '/login?redirect=%2F');
    await expect(page.getByTestId('chart-card')).toBeVisible({ timeout: 15_000 });
    await connected;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname);
    });
    // The same session logged out from elsewhere (as another tab of it would): no click, no reload here.
    const loggedOut = await page.request.put('/api/logout', { headers: headers((await storedToken(page))!) });
    expect(loggedOut.status()).toBe(200);
    // The server's re-check (every 2 s for these tests) ends the connection; the page asks why and says it.
    await expect(page).toHaveURL(/\/loggedOut\?reason=loggedOut&redirect=%2F$/, { timeout: 20_000 });
    await expect(page.getByRole('main')).toContainText('You logged out.');
    expect(await storedToken(page)).toBeNull();
    // What moved it: the question the ended connection made it ask, not a request of its own.
    expect(asked[0]).toBe('/api/me');
  });

  test('after logging out, the way back also returns to the page', async ({ page }, testInfo) => {
    const user = await createConfirmedUser();
    await openProfile(page, user);
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/loggedOut\?reason=loggedOut&redirect=%2Fprofile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have been logged out');
    await expect(page.getByRole('main')).toContainText('You logged out.');
    await screenshot(page, testInfo, 'logged-out-logout');
    await logBackIn(page, user);
  });
});
