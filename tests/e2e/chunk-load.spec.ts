import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { navigation, openNavigation } from './support/navigation';
import { openAs } from './support/session';

// Item 7 of issue 16 (spec §7 External, §8): after an upgrade the old build's chunks are gone; a client-side navigation
// that needs one must offer to reload instead of leaving a blank screen. The gone chunks are played by aborting every
// script and style request of the build once the first page is up.

test('a chunk that fails to load during a navigation offers to reload, and reloading works', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000); // a busy, shared machine
  const user = await createConfirmedUser({ role: 'admin' });
  await openAs(page, user, '/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openNavigation(page);

  const refused: string[] = [];
  await page.route('**/_next/static/**', (route) => {
    refused.push(route.request().url());
    return route.abort('failed');
  });
  await navigation(page).getByRole('link', { name: 'Company', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Tocsin has been updated' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Reload the page to continue.');
  expect(refused.length).toBeGreaterThan(0);
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  await screenshot(page, testInfo, 'chunk-load-dialog');

  // The new build is in place: reloading shows the page the person was going to.
  await page.unroute('**/_next/static/**');
  await dialog.getByRole('button', { name: 'Reload page' }).click();
  // A fresh load of the whole console: give a busy machine time.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Tocsin has been updated' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/company/);
});
