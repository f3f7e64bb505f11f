import { expect, type Page } from '@playwright/test';

/** The console's main navigation. */
export const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** The top bar's button that opens and closes the navigation. */
export const navigationToggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /navigation$/ });

/** The navigation is open from the start on a desktop and behind the toggle on a phone. */
export async function openNavigation(page: Page): Promise<void> {
  await expect(navigationToggle(page)).toBeVisible();
  if ((await navigationToggle(page).getAttribute('aria-expanded')) === 'false') await navigationToggle(page).click();
  await expect(navigation(page)).toBeVisible();
}
