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

/** Holds back the browser code of the captcha widget until `release()`, as a slow line would. */
export async function holdCaptchaCode(page: Page): Promise<{ release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('$altcha')) await released;
    await route.fulfill({ response, body });
  });
  return { release };
}

/** Waits until React has taken over the element (hydrated it), for a test that must act before the page's load event. */
export async function waitForReact(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}
