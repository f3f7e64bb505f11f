import { expect, type Page } from '@playwright/test';

/** Waits until the sign-up captcha has solved its puzzle (it starts once the form gets the focus after loading). */
export async function waitForCaptcha(page: Page): Promise<void> {
  await expect
    .poll(
      () => page.locator('altcha-widget').evaluate((widget: HTMLElement & { getState(): string }) => widget.getState()),
      { timeout: 20_000 },
    )
    .toBe('verified');
}
