import { expect, test } from '@playwright/test';
import type { Feature } from '@/lib/generated/prisma/enums';
import { createCompany } from '../helpers/fixtures';
import { screenshot } from './screenshot';
import { createConfirmedUser, type ConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { expectLoggedIn, logInThroughForm } from './support/login-page';
import { navigation, navigationToggle, openNavigation } from './support/navigation';
import { openAs } from './support/session';

async function userWithFeatures(role: 'owner' | 'admin' | 'user', features: Feature[]): Promise<ConfirmedUser> {
  const user = await createConfirmedUser({ role });
  await e2eDb().company.update({ where: { id: user.companyId }, data: { features } });
  return user;
}

test.describe('routing rules (spec §2)', () => {
  test('a visitor opening /company/members logs in and comes back there', async ({ page }) => {
    const admin = await createConfirmedUser({ role: 'admin' });
    await page.goto('/company/members');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcompany%2Fmembers$/);
    await expect(navigation(page)).toHaveCount(0);
    await logInThroughForm(page, admin, page.url().replace(/^https?:\/\/[^/]+/, ''));
    await expect(page).toHaveURL(/\/company\/members$/);
    await expectLoggedIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
    await expect(page).toHaveTitle('Members - Tocsin');
    await expect(page.getByRole('main').getByText(admin.email)).toBeVisible();
  });

  test('a non-admin opening /newAlert lands on /', async ({ page }) => {
    const member = await createConfirmedUser({ role: 'user' });
    await openAs(page, member, '/newAlert');
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toHaveCount(0);
  });

  test('an admin opens /newAlert; an unknown path is not found', async ({ page }) => {
    const admin = await createConfirmedUser({ role: 'admin' });
    await openAs(page, admin, '/newAlert');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New alert');
    await expect(page).toHaveTitle('New alert - Tocsin');
    await page.goto('/company/nothing-here');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Not found');
  });
});

test.describe('navigation (spec §2)', () => {
  test('an admin sees every item; missing features are disabled', async ({ page }, testInfo) => {
    const admin = await userWithFeatures('admin', ['scenario']);
    await openAs(page, admin, '/alerts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alert log');
    await openNavigation(page);
    const nav = navigation(page);
    for (const name of [
      'Home',
      'New alert',
      'New positioning',
      'Alert log',
      'Positioning log',
      'Company',
      'Automation',
    ])
      await expect(nav.getByRole('link', { name, exact: true })).not.toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Missions' })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Alert log' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: /Build \d{4}-\d\d-\d\d \d\d:\d\d UTC/ })).toHaveCount(0);
    await expect(nav.getByText(/^Build \d{4}-\d\d-\d\d \d\d:\d\d UTC$/)).toBeVisible();
    await expect(nav.getByRole('link', { name: new RegExp(admin.name) })).toHaveAttribute('href', '/profile');
    await screenshot(page, testInfo, 'shell-admin');

    // The company group opens its first item, members, and shows its items; IoT devices also need flicHub.
    await nav.getByRole('link', { name: 'Company', exact: true }).click();
    await expect(page).toHaveURL(/\/company\/members$/);
    await openNavigation(page);
    const company = navigation(page).getByRole('list', { name: 'Company' });
    await expect(company.getByRole('link')).toHaveText([
      'Members',
      'Teams',
      'Locations',
      'Voice',
      'Microsoft Entra ID',
      'Settings',
      'Outbox',
    ]);
    await expect(company.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    await navigation(page).getByRole('link', { name: 'Automation', exact: true }).click();
    await expect(page).toHaveURL(/\/automation\/scenarios$/);
    await openNavigation(page);
    const automation = navigation(page).getByRole('list', { name: 'Automation' });
    await expect(automation.getByRole('link', { name: 'Scenarios' })).toHaveAttribute('href', '/automation/scenarios');
    await expect(automation.getByRole('link', { name: 'IoT devices' })).toHaveAttribute('aria-disabled', 'true');
    await screenshot(page, testInfo, 'shell-admin-automation');
  });

  test('a member sees no admin items', async ({ page }) => {
    const member = await userWithFeatures('user', ['mission', 'scenario', 'flicHub']);
    await openAs(page, member, '/positionings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Positioning log');
    await openNavigation(page);
    await expect(navigation(page).getByRole('list').first().getByRole('link')).toHaveText([
      'Home',
      'Alert log',
      'Positioning log',
    ]);
  });

  test('the company switcher changes the company and goes to /', async ({ page }) => {
    const admin = await createConfirmedUser({ role: 'admin' });
    const other = await createCompany(e2eDb(), { name: `Other Rescue ${Date.now()}` });
    await e2eDb().membership.create({ data: { userId: admin.userId, companyId: other.id, role: 'user' } });
    await openAs(page, admin, '/positionings');
    await openNavigation(page);
    await navigation(page)
      .getByRole('button', { name: /Switch company/ })
      .click();
    const list = navigation(page).getByRole('list', { name: 'Your companies' });
    await expect(list.getByRole('link', { name: 'Create new company' })).toHaveAttribute('href', '/newCompany');
    await list.getByRole('button', { name: other.name }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('tocsin.customerId'))).toBe(other.id);
    await openNavigation(page);
    await expect(navigation(page).getByRole('button', { name: /Switch company/ })).toContainText(other.name);
    // A plain member there: no admin items.
    await expect(navigation(page).getByRole('link', { name: 'New alert' })).toHaveCount(0);
  });

  test('the toggle opens and closes the navigation; on a phone Escape closes it too', async ({
    page,
    isMobile,
  }, testInfo) => {
    const admin = await createConfirmedUser({ role: 'owner' });
    await openAs(page, admin, '/alerts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alert log');
    const button = navigationToggle(page);
    if (isMobile) {
      await expect(navigation(page)).toHaveCount(0);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await screenshot(page, testInfo, 'shell-nav-closed');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(navigation(page)).toBeVisible();
      await expect(navigation(page).getByRole('button', { name: /Switch company/ })).toBeFocused();
      await screenshot(page, testInfo, 'shell-nav-open');
      await page.keyboard.press('Escape');
      await expect(navigation(page)).toHaveCount(0);
      await expect(button).toBeFocused();
      // Following a link closes the drawer.
      await button.click();
      await navigation(page).getByRole('link', { name: 'Positioning log' }).click();
      await expect(page).toHaveURL(/\/positionings$/);
      await expect(navigation(page)).toHaveCount(0);
    } else {
      await expect(navigation(page)).toBeVisible();
      await button.click();
      await expect(navigation(page)).toHaveCount(0);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(navigation(page)).toBeVisible();
    }
  });
});
