import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './screenshot';
import { apiAs } from './support/alert-api';
import { createConfirmedUser } from './support/accounts';
import { seriousViolations } from './support/axe';
import { eventHubConnected } from './support/company-events';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

/** An owner of a company with the scenario and flicHub features. */
async function companyWithButtons() {
  const owner = await createConfirmedUser();
  await e2eDb().company.update({ where: { id: owner.companyId }, data: { features: ['scenario', 'flicHub'] } });
  return owner;
}

/** The code shown in the pairing dialog (this once), after "code: ". */
async function shownCode(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /Set up Reception button/ });
  await expect(dialog).toBeVisible();
  const text = await dialog.locator('[data-pairing="code"] code').textContent();
  return text!.replace(/^code: /, '');
}

test.describe('IoT devices (Flic buttons)', () => {
  test('an admin pairs a button; its click starts the scenario live on the dashboard; edit, new code, delete', async ({
    page,
    request,
    context,
  }, testInfo) => {
    // A whole flow through five screens and the dashboard's live update: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const owner = await companyWithButtons();
    const ownerApi = await apiAs(request, owner);
    await ownerApi.post('/api/scenarios/customer', {
      name: 'Fire drill',
      alertType: 1,
      alertData: { title: 'Fire in reception', body: 'Leave by the nearest exit.', target: { company: true } },
      channels: ['push'],
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await openAs(page, owner, '/automation/iotDevices');
    await expect(page.getByRole('heading', { level: 1, name: 'IoT devices' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('No buttons yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add button' }).click();
    const form = page.getByRole('dialog', { name: 'Add a button' });
    await form.getByLabel('Name').fill('Reception button');
    await form.getByLabel('Click', { exact: true }).selectOption({ label: 'Fire drill' });
    await expect(form.getByLabel('Hold', { exact: true })).toHaveValue('');
    await screenshot(page, testInfo, 'iot-add');
    expect(await seriousViolations(page), 'axe on the add dialog').toEqual([]);
    await form.getByRole('button', { name: 'Add button' }).click();

    const code = await shownCode(page);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const pairing = page.getByRole('dialog', { name: /Set up Reception button/ });
    const url = new URL(page.url());
    await expect(pairing.locator('[data-pairing="url"] code')).toHaveText(`${url.origin}/api/iot/events`);
    // The test server's PUBLIC_URL is http://127.0.0.1:<port>: the dialog warns that no hub can reach it, and says how to fix it.
    const warning = pairing.getByTestId('public-url-warning');
    await expect(warning).toContainText(
      'This address points to the server’s own computer: other devices cannot reach it.',
    );
    await expect(warning).toContainText(
      'set PUBLIC_URL to the address people and devices use, e.g. https://alerts.example.com',
    );
    await screenshot(page, testInfo, 'iot-pairing-public-url-warning');
    await expect(pairing.locator('[data-pairing="action"] code')).toHaveText('action: click');
    await pairing.getByRole('button', { name: 'Copy Header "code"' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await screenshot(page, testInfo, 'iot-pairing');
    expect(await seriousViolations(page), 'axe on the pairing request').toEqual([]);
    await pairing.getByRole('button', { name: 'Done' }).click();

    const row = page.locator('tr', { hasText: 'Reception button' });
    await expect(row).toContainText(`${code.slice(0, 6)}…`);
    await expect(row).toContainText('Fire drill');
    await expect(row).toContainText('Never pressed');
    await screenshot(page, testInfo, 'iot-list');

    // The hub's request, while the dashboard is open: the alert appears without a reload, sent by the button.
    const connected = eventHubConnected(page);
    await page.goto('/');
    const alertsCard = page.getByTestId('alerts-card');
    await expect(alertsCard.getByRole('heading', { name: 'Latest alerts' })).toBeVisible({ timeout: 15_000 });
    await connected;
    const pressed = await request.post('/api/iot/events', { headers: { action: 'click', code } });
    expect(pressed.status()).toBe(201);
    await expect(alertsCard.getByRole('link').first()).toContainText('Fire in reception', { timeout: 10_000 });
    await screenshot(page, testInfo, 'iot-dashboard-alert');
    await alertsCard.getByRole('link').first().click();
    await expect(page.getByRole('main')).toContainText('Reception button', { timeout: 15_000 });
    await screenshot(page, testInfo, 'iot-alert-sender');

    await page.goto('/automation/iotDevices');
    await expect(row).toContainText('Click: Alert started', { timeout: 15_000 });
    await row.getByRole('button', { name: 'Presses of Reception button' }).click();
    const presses = page.getByRole('dialog', { name: 'Presses of Reception button' });
    await expect(presses.getByRole('link', { name: 'Alert started' })).toHaveAttribute(
      'href',
      /^\/alerts\/[0-9a-f-]{36}$/,
    );
    await screenshot(page, testInfo, 'iot-presses');
    expect(await seriousViolations(page), 'axe on the press log').toEqual([]);
    await presses.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Edit Reception button' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit button' });
    await expect(edit.getByLabel('Click', { exact: true })).not.toHaveValue('');
    await edit.getByLabel('Click', { exact: true }).selectOption({ label: 'Nothing' });
    await edit.getByLabel('Hold', { exact: true }).selectOption({ label: 'Fire drill' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(row.locator('td').nth(1)).toHaveText('Nothing');
    await expect(row.locator('td').nth(2)).toHaveText('Fire drill');

    await row.getByRole('button', { name: 'New code for Reception button' }).click();
    await page
      .getByRole('dialog', { name: 'Make a new code for Reception button?' })
      .getByRole('button', { name: 'Make new code' })
      .click();
    const newCode = await shownCode(page);
    expect(newCode).not.toBe(code);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(row).toContainText(`${newCode.slice(0, 6)}…`);
    expect((await request.post('/api/iot/events', { headers: { action: 'hold', code } })).status()).toBe(404);

    await row.getByRole('button', { name: 'Delete Reception button' }).click();
    await page.getByRole('dialog', { name: 'Delete this button?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No buttons yet')).toBeVisible();
    expect((await request.post('/api/iot/events', { headers: { action: 'hold', code: newCode } })).status()).toBe(404);
  });

  test('a company without the flicHub feature is told so instead of shown the list', async ({ page }, testInfo) => {
    const owner = await createConfirmedUser();
    await e2eDb().company.update({ where: { id: owner.companyId }, data: { features: ['scenario'] } });
    await openAs(page, owner, '/automation/iotDevices');
    await expect(page.getByText('IoT buttons are not enabled')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Add button' })).toHaveCount(0);
    await screenshot(page, testInfo, 'iot-feature-off');
  });

  test('a member without the admin role is sent away', async ({ page }) => {
    const member = await createConfirmedUser({ role: 'user' });
    await e2eDb().company.update({ where: { id: member.companyId }, data: { features: ['scenario', 'flicHub'] } });
    await openAs(page, member, '/automation/iotDevices');
    await expect(page).toHaveURL(/:\d+\/$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'IoT devices' })).toHaveCount(0);
  });
});
