import { expect, test } from '@playwright/test';
import { totpCode } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { latestEmailTo } from './support/outbox';
import { expectLoggedIn, logInThroughForm, storedToken } from './support/login-page';

test.describe('login', () => {
  test('a wrong password shows the error dialog with the server messages', async ({ page }, testInfo) => {
    const user = await createConfirmedUser();
    await page.goto('/login');
    await expect(page).toHaveTitle('Log in - Tocsin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Tocsin');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotPassword');
    await expect(page.getByRole('link', { name: 'Create a company account' })).toHaveAttribute('href', '/signup');
    await screenshot(page, testInfo, 'login');

    await logInThroughForm(page, { email: user.email, password: 'not the password' });
    const dialog = page.getByRole('dialog', { name: 'Error while logging in' });
    await expect(dialog).toBeVisible();
    // Said once: the title, then the question, without the server's words repeating it under "Errors:".
    await expect(dialog.locator('#dialog-message')).toHaveText('Are your e-mail address and password correct?');
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
    await expect(dialog).not.toContainText('Errors:');
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, testInfo, 'login-error-dialog');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await storedToken(page)).toBeNull();
  });

  test('checks the fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your e-mail address')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('The e-mail address is not valid')).toBeVisible();
  });

  test('a confirmed user logs in and lands on the redirect path', async ({ page }) => {
    const user = await createConfirmedUser();
    await logInThroughForm(page, user, `/login?redirect=${encodeURIComponent('/setNewPassword?from=test')}`);
    await expect(page).toHaveURL(/\/setNewPassword\?from=test$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change your password');
    await expectLoggedIn(page);
    expect(await page.evaluate(() => window.localStorage.getItem('tocsin.customerId'))).toBe(user.companyId);
  });

  test('a redirect to another site is ignored: login goes to the dashboard', async ({ page }) => {
    const user = await createConfirmedUser();
    await logInThroughForm(page, user, `/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('a logged-in visitor of /login goes on at once', async ({ page }) => {
    const user = await createConfirmedUser();
    await logInThroughForm(page, user);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('a page that needs a login sends to /login with the full original path', async ({ page }) => {
    await page.goto('/setNewPassword?x=1');
    await expect(page).toHaveURL(/\/login\?redirect=%2FsetNewPassword%3Fx%3D1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Tocsin');
  });

  test('two-step verification asks for the one-time code', async ({ page }) => {
    const user = await createConfirmedUser({ use2FA: true });
    await logInThroughForm(page, user, '/login?redirect=%2FsetNewPassword');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step verification');
    const code = page.getByLabel('One-time code');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    const good = await totpCode(user.totpSecret!);
    await code.fill(good === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error while logging in' });
    await expect(dialog).toContainText('Is your one-time code correct?');
    await dialog.getByRole('button', { name: 'OK' }).click();

    await code.fill(good);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/setNewPassword$/);
    await expectLoggedIn(page);
  });

  test('too many wrong passwords: "Login attempts exceeded" with the minutes to wait', async ({ page }) => {
    const user = await createConfirmedUser();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    for (let attempt = 1; attempt < 5; attempt++) {
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Error while logging in' });
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const banned = page.getByRole('dialog', { name: 'Login attempts exceeded' });
    await expect(banned.locator('#dialog-message')).toHaveText('Wait 15 minutes to try again');
  });

  test('a session ended on the server sends the browser to /loggedOut (440)', async ({ page }) => {
    const user = await createConfirmedUser();
    await logInThroughForm(page, user, '/login?redirect=%2FsetNewPassword');
    await expect(page).toHaveURL(/\/setNewPassword$/);
    await expectLoggedIn(page);

    await e2eDb().session.updateMany({
      where: { userId: user.userId, revokedAt: null },
      data: { revokedAt: new Date(Date.now() - 1_000), revokedReason: 'test' },
    });
    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('another good password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('another good password');
    await page.getByRole('button', { name: 'Change password' }).click();

    // A revocation the interface has no words for: said plainly, and the way back leads to the same page.
    await expect(page).toHaveURL(/\/loggedOut\?reason=ended&redirect=%2FsetNewPassword$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your session has ended');
    await expect(page.getByRole('main')).toContainText('Your login has ended. Log in again to continue.');
    await expect(page.getByRole('link', { name: 'Log in again' })).toHaveAttribute(
      'href',
      '/login?redirect=%2FsetNewPassword',
    );
    await expect(page).toHaveTitle('Logged out - Tocsin');
    expect(await storedToken(page)).toBeNull();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('logout asks first, ends the session and says so', async ({ page }, testInfo) => {
    const user = await createConfirmedUser();
    await logInThroughForm(page, user);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await storedToken(page)).not.toBeNull();

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/loggedOut\?reason=loggedOut&redirect=%2F$/);
    await screenshot(page, testInfo, 'logged-out');
    expect(await storedToken(page)).toBeNull();
    const live = await e2eDb().session.count({ where: { userId: user.userId, revokedAt: null } });
    expect(live).toBe(0);
    await page.getByRole('link', { name: 'Log in again' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a sign-up not confirmed yet is offered the confirmation e-mail again, and its new link confirms it', async ({
    page,
  }, testInfo) => {
    // A waiting sign-up: its company not activated, its owner's e-mail not confirmed.
    const user = await createConfirmedUser();
    await e2eDb().company.update({ where: { id: user.companyId }, data: { activatedAt: null } });
    await e2eDb().user.update({ where: { id: user.userId }, data: { emailConfirmedAt: null } });

    await logInThroughForm(page, user);
    const notice = page.getByTestId('email-not-confirmed');
    await expect(notice).toContainText('Your e-mail address is not confirmed yet.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await screenshot(page, testInfo, 'login-not-confirmed');

    await notice.getByRole('button', { name: 'Send the confirmation e-mail again' }).click();
    await expect(page.getByTestId('confirmation-resent')).toHaveText(
      `If ${user.email} is waiting for its confirmation, a new link is on its way. Use the newest e-mail: earlier links no longer work.`,
    );
    await expect(notice).toBeHidden();
    await screenshot(page, testInfo, 'login-confirmation-resent');

    const email = await latestEmailTo(user.email);
    expect(email.link).toContain('/confirmAdmin?token=');
    await page.goto(new URL(email.link!).pathname + new URL(email.link!).search);
    await expect
      .poll(async () => (await e2eDb().user.findUniqueOrThrow({ where: { id: user.userId } })).emailConfirmedAt)
      .not.toBeNull();
    await logInThroughForm(page, user);
    await expectLoggedIn(page);
  });
});
