import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { expectLoggedIn, logInThroughForm } from './support/login-page';
import { latestEmailTo } from './support/outbox';

test.describe('password', () => {
  test('forgot → e-mailed link → new password → log in with it; the link works once', async ({ page }, testInfo) => {
    const user = await createConfirmedUser();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
    await expect(page).toHaveTitle('Forgot password - Tocsin');
    await screenshot(page, testInfo, 'forgot-password');

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
    await expect(page.getByRole('status').filter({ hasText: user.email })).toContainText(
      'The link is valid for 1 hour.',
    );

    const email = await latestEmailTo(user.email);
    expect(email.subject).toBe('Reset your Tocsin password');
    expect(email.link).toMatch(/\/resetPassword\?token=/);
    await page.goto(email.link!);
    await expect(page).toHaveTitle('Reset password - Tocsin');
    await screenshot(page, testInfo, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill('my brand new password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('my brand new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password changed');

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(
      page,
      { email: user.email, password: 'my brand new password' },
      '/login?redirect=%2FsetNewPassword',
    );
    await expect(page).toHaveURL(/\/setNewPassword$/);
    await expectLoggedIn(page);

    await page.goto(email.link!);
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('yet another password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link Expired' });
    await expect(dialog).toContainText('The link has expired or has already been used. Ask for a new one. Errors:');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotPassword');
  });

  test('a new password needs 8 characters, typed the same twice', async ({ page }) => {
    await page.goto('/resetPassword?token=whatever');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('long enough now');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('long enough no');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Repeat the new password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('a link without its token says so', async ({ page }) => {
    await page.goto('/resetPassword');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incomplete link');
  });

  test('logged in, the password changes with the current one', async ({ page, request }) => {
    const user = await createConfirmedUser();
    await logInThroughForm(page, user, '/login?redirect=%2FsetNewPassword');
    await expect(page).toHaveURL(/\/setNewPassword$/);
    await expectLoggedIn(page);

    await page.getByLabel('Current password', { exact: true }).fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a changed password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('a changed password');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error while setting new password' });
    await expect(dialog).toContainText('The current password is not correct. Errors:');
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password changed');
    await expect(page.locator('.toast')).toHaveText('Password changed');

    const login = await request.post('/api/login', { data: { email: user.email, password: 'a changed password' } });
    expect(login.status()).toBe(200);
  });
});
