import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './screenshot';
import { waitForCaptcha } from './support/captcha';
import { createConfirmedUser } from './support/accounts';
import { openAs } from './support/session';

// Pages run under a strict Content-Security-Policy (proxy.ts): they must work under it, with no violation reported.

test.describe.configure({ timeout: 120_000 });

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('security headers', () => {
  test('the sign-up page, with its captcha, works under the policy', async ({ page }) => {
    const violations = await recordViolations(page);
    const response = await page.goto('/signup');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    // The captcha starts solving its puzzle (in a web worker) when the form gets the focus after it has loaded.
    await expect(page.locator('altcha-widget')).toBeAttached();
    await page.getByLabel('Your name').fill('Ingrid Founder');
    await waitForCaptcha(page);
    expect(await violations()).toEqual([]);
  });

  test('the dashboard with its map and the new-alert page work under the policy', async ({ page }, testInfo) => {
    const owner = await createConfirmedUser();
    const violations = await recordViolations(page);
    await openAs(page, owner, '/');
    await expect(page.locator('[data-map-state]').first()).toHaveAttribute('data-map-state', 'ready', {
      timeout: 45_000,
    });
    expect(await violations()).toEqual([]);
    await page.goto('/newAlert');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
    await screenshot(page, testInfo, 'new-alert-under-csp');
  });
});
