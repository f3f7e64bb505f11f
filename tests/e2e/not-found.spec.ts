import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot';

test.describe('unknown paths', () => {
  test('show "404 - Not found" with a way back to the front page', async ({ page }, testInfo) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Not found');
    await expect(page).toHaveTitle('Not found - Tocsin');
    await expect(page.getByRole('link', { name: 'Go to the front page' })).toHaveAttribute('href', '/');
    await screenshot(page, testInfo, 'not-found');
  });

  test('speak the remembered language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'tocsin-locale', value: 'no-nb', url: baseURL! }]);
    await page.goto('/missing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Ikke funnet');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
  });
});
