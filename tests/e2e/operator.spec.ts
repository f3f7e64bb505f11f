import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { seriousViolations } from './support/axe';
import { e2eDb } from './support/e2e-db';
import { e2eOperator } from './support/operator';
import { openAs } from './support/session';

// Issue 35: the install's operator changes a company's plan, seats and features, and suspends and restores it, in the
// console. (The sign-up policy, which every other test's sign-up depends on, is changed in install-settings.spec.ts,
// run after the others.)

test('the operator sets a company’s plan, seats and features, and suspends and restores it', async ({
  page,
}, testInfo) => {
  const customer = await createConfirmedUser();
  const name = `Harbour Pilots ${Date.now()}`;
  await e2eDb().company.update({ where: { id: customer.companyId }, data: { name, plan: 'free' } });
  const operator = await e2eOperator();

  await openAs(page, operator, '/operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Operator', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('combobox', { name: 'Sign-up' })).toHaveValue('open');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  const row = page.getByTestId('operator-company');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Free');
  await expect(row).toContainText('1 of 5');
  await expect(row).toContainText('None');
  await expect(row.locator('[data-state]')).toHaveText('Active');
  await expect(page.getByRole('region', { name: 'Recorded e-mails' })).toBeVisible();
  await screenshot(page, testInfo, 'operator-area');
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Change plan ${name}` }).click();
  const planDialog = page.getByRole('dialog', { name: `Plan of ${name}` });
  await planDialog.getByRole('combobox', { name: 'Plan' }).selectOption('enterprise');
  await planDialog.getByRole('spinbutton', { name: 'Included seats' }).fill('120');
  await planDialog.getByRole('spinbutton', { name: 'Extra seats' }).fill('');
  await planDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(planDialog.getByText('Enter a whole number of seats.')).toBeVisible();
  await planDialog.getByRole('spinbutton', { name: 'Extra seats' }).fill('5');
  await planDialog.getByRole('checkbox', { name: 'Scenarios' }).check();
  await planDialog.getByRole('checkbox', { name: 'Flic buttons' }).check();
  await screenshot(page, testInfo, 'operator-plan-dialog');
  await planDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText(`The plan of ${name} was saved.`)).toBeVisible();
  await expect(row).toContainText('Enterprise');
  await expect(row).toContainText('1 of 125');
  await expect(row).toContainText('Scenarios, Flic buttons');
  expect(await e2eDb().company.findUniqueOrThrow({ where: { id: customer.companyId } })).toMatchObject({
    plan: 'enterprise',
    includedSeats: 120,
    extraSeats: 5,
    features: ['scenario', 'flicHub'],
  });

  await row.getByRole('button', { name: `Suspend ${name}` }).click();
  const suspendDialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
  await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspendDialog.getByText('Say why the company is suspended.')).toBeVisible();
  await suspendDialog.getByLabel('Reason (only operators see it)').fill('The agreement ended on 1 December');
  await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${name} is suspended.`)).toBeVisible();
  await expect(row.locator('[data-state]')).toHaveText('Suspended');
  // The company's people are refused, with the reason to ask whoever runs Tocsin.
  const customerSession = await page.request.post('/api/login', {
    data: { email: customer.email, password: customer.password },
    headers: { 'X-Api-Version': '2.2' },
  });
  const { token } = (await customerSession.json()) as { token: string };
  const refused = await page.request.get('/api/teams', {
    headers: { Authorization: `Bearer ${token}`, CustomerId: customer.companyId, 'X-Api-Version': '2.2' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('companySuspended');

  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Restore ${name}?` })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText(`${name} is restored.`)).toBeVisible();
  await expect(row.locator('[data-state]')).toHaveText('Active');

  // At phone width the area fits the screen.
  await page.setViewportSize({ width: 412, height: 915 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, 'operator-area-phone');
});

test('a company’s owner sees no operator area, and is sent home from its address', async ({ page }) => {
  const owner = await createConfirmedUser();
  await openAs(page, owner, '/operator');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operator', exact: true })).toHaveCount(0);
});
