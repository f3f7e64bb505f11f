import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot';
import { e2eOperator } from './support/operator';
import { openAs } from './support/session';

// Issue 35: the operator closes sign-up, then opens it to e-mail domains, and the sign-up page says so before anyone
// types. Every other spec signs up companies against this server, so this one runs after them (its own project,
// playwright.config.ts) and leaves sign-up open again.

test('the operator closes sign-up and opens it to e-mail domains; the sign-up page says so', async ({
  page,
  browser,
}, testInfo) => {
  const operator = await e2eOperator();
  await openAs(page, operator, '/operator');
  const policy = page.getByRole('combobox', { name: 'Sign-up' });
  await expect(policy).toHaveValue('open', { timeout: 15_000 });
  const save = page.getByRole('button', { name: 'Save settings' });
  /** Saves and waits for the server's answer (toasts of earlier saves may still show). */
  const saveSettings = async () => {
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/operator/settings') && response.request().method() === 'PUT',
    );
    await save.click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText('Settings saved.').last()).toBeVisible();
  };
  const visitor = await browser.newPage();
  try {
    await policy.selectOption('closed');
    await expect(page.getByText('Nobody can make a company by signing up.', { exact: false })).toBeVisible();
    await saveSettings();
    await visitor.goto('/signup');
    await expect(visitor.getByRole('heading', { name: 'Sign-up is closed' })).toBeVisible();
    await expect(visitor.getByRole('textbox', { name: 'Company name' })).toHaveCount(0);
    await screenshot(visitor, testInfo, 'signup-closed');

    await policy.selectOption('domains');
    await save.click();
    await expect(page.getByText('Name at least one e-mail domain.')).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail domains' }).fill('harbour.test, @Fjord.example');
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('enterprise');
    await page.getByRole('spinbutton', { name: 'Included seats' }).fill('300');
    await page.getByRole('checkbox', { name: 'Lone-worker missions' }).check();
    await screenshot(page, testInfo, 'operator-install-settings');
    await saveSettings();
    await expect(page.getByRole('textbox', { name: 'E-mail domains' })).toHaveValue('harbour.test, fjord.example');
    await visitor.goto('/signup');
    await expect(
      visitor.getByText('Only e-mail addresses at harbour.test, fjord.example can sign up a company here.'),
    ).toBeVisible();
  } finally {
    await policy.selectOption('open');
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('free');
    await page.getByRole('spinbutton', { name: 'Included seats' }).fill('5');
    await page.getByRole('checkbox', { name: 'Lone-worker missions' }).uncheck();
    await saveSettings();
    await visitor.close();
  }
});
