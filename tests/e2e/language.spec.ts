import { expect, test } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { expectLoggedIn, logInThroughForm } from './support/login-page';

const storedLocale = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.localStorage.getItem('tocsin.locale'));

test.describe('language', () => {
  test('?lang=no-nb shows Norwegian, leaves the URL, and stays after a reload', async ({ page }) => {
    await page.goto('/login?lang=no-nb&redirect=%2Fprofile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Logg inn på Tocsin');
    await expect(page).toHaveTitle('Logg inn - Tocsin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
    await expect.poll(() => storedLocale(page)).toBe('no-nb');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Logg inn på Tocsin');
    await expect(page.getByLabel('Passord', { exact: true })).toBeVisible();
  });

  test('an unknown ?lang is removed and changes nothing', async ({ page }) => {
    await page.goto('/forgotPassword?lang=xx-yy');
    await expect(page).toHaveURL(/\/forgotPassword$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  });

  test('the switcher reloads the page in the chosen language and remembers it', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByLabel('Language').selectOption('es-es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicie sesión en Tocsin');
    await expect(page.getByLabel('Idioma')).toHaveValue('es-es');
    expect(await storedLocale(page)).toBe('es-es');
    expect((await context.cookies()).find((cookie) => cookie.name === 'tocsin-locale')?.value).toBe('es-es');
  });

  test('a language remembered only in local storage comes back', async ({ page, context }) => {
    await page.goto('/login');
    await expect.poll(() => storedLocale(page)).toBe('en-us'); // the page has remembered its language
    await page.evaluate(() => window.localStorage.setItem('tocsin.locale', 'sv-se'));
    await context.clearCookies();
    // The page reloads itself once more to show the remembered language, possibly before this reload's load event.
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Logga in på Tocsin');
  });

  test('logged in, switching also sets the language of the account (for e-mails)', async ({ page }) => {
    const user = await createConfirmedUser();
    await logInThroughForm(page, user, '/login?redirect=%2FsetNewPassword');
    await expect(page).toHaveURL(/\/setNewPassword$/);
    await expectLoggedIn(page);
    await page.getByLabel('Language').selectOption('da-dk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skift din adgangskode');
    await expect
      .poll(async () => (await e2eDb().user.findUniqueOrThrow({ where: { id: user.userId } })).locale)
      .toBe('da-dk');
  });
});
