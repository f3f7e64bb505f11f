import { expect, type Page } from '@playwright/test';

/** Fills and sends the login form at `path` (by default /login) as `user`, in English. */
export async function logInThroughForm(
  page: Page,
  user: { email: string; password: string },
  path = '/login',
): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('tocsin.token'));
}

/** Waits until the login stored its token. */
export async function expectLoggedIn(page: Page): Promise<void> {
  await expect.poll(() => storedToken(page)).not.toBeNull();
}
