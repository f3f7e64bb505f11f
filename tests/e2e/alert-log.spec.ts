import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { insertAlert, insertManyAlerts } from '../helpers/alert-fixtures';
import { createConfirmedUser } from './support/accounts';
import { screenshotFromTop } from './support/alert-api';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

const MINUTE = 60_000;

/**
 * An owner who sent 26 active and 2 closed alerts (newest: "Alert 28"), and a member who sent one alert to themself
 * alone: the owner sees 29 in "All alerts" and 28 in "Mine"; the member sees theirs and the one they received.
 */
async function arrangeLog() {
  const owner = await createConfirmedUser();
  const member = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  const start = Date.now() - 60 * MINUTE;
  for (let n = 1; n <= 28; n++) {
    await insertAlert(e2eDb(), {
      companyId: owner.companyId,
      authorId: owner.userId,
      title: `Alert ${n}`,
      message: `Message number ${n}: follow the instructions of the emergency team.`,
      status: n <= 2 ? 'completed' : 'active',
      sentAt: new Date(start + n * MINUTE),
      simulationMode: n === 28,
      recipients: n === 27 ? [{ userId: member.id }] : [],
    });
  }
  await insertAlert(e2eDb(), {
    companyId: owner.companyId,
    authorId: member.id,
    title: 'Member alert',
    type: 'sos',
    sentAt: new Date(start),
    recipients: [{ userId: member.id }],
  });
  return { owner, member: { email: member.email, password: owner.password } };
}

test.describe.configure({ timeout: 60_000 });

test.describe('alert log', () => {
  test('lists alerts 25 a page with the total, by tab, and an admin switches between all and mine', async ({
    page,
  }, testInfo) => {
    const { owner } = await arrangeLog();
    await openAs(page, owner, '/alerts');
    const list = page.getByRole('region', { name: 'Alerts' });
    await expect(list.getByRole('listitem')).toHaveCount(25, { timeout: 15_000 });
    await expect(list).toContainText('29 alerts');
    await expect(list.getByRole('link').first()).toContainText('Alert 28');
    await expect(list.getByRole('link').first()).toContainText('Simulation');
    await expect(list.getByRole('link').first()).toHaveAttribute('href', /^\/alerts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('1–25 of 29');
    await screenshotFromTop(page, testInfo, 'alert-log');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/alerts\?page=2$/);
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('26–29 of 29');
    await expect(list.getByRole('listitem').last()).toContainText('Member alert');

    const tabs = page.getByRole('navigation', { name: 'Alert status' });
    await tabs.getByRole('link', { name: 'Closed' }).click();
    await expect(page).toHaveURL(/\/alerts\/closed$/);
    await expect(list).toContainText('2 alerts');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await tabs.getByRole('link', { name: 'Active' }).click();
    await expect(page).toHaveURL(/\/alerts\/active$/);
    await expect(list).toContainText('27 alerts');

    await page.getByRole('group', { name: 'Which alerts' }).getByRole('link', { name: 'Mine' }).click();
    await expect(page).toHaveURL(/\/alerts\/active\?scope=mine$/);
    await expect(list).toContainText('26 alerts');
    await tabs.getByRole('link', { name: 'All' }).click();
    await expect(list).toContainText('28 alerts');
    await expect(page.getByRole('group', { name: 'Which alerts' }).getByRole('link', { name: 'Mine' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('a member sees only the alerts sent by or to them, without the admin switch and export', async ({
    page,
  }, testInfo) => {
    const { member } = await arrangeLog();
    await openAs(page, member, '/alerts');
    const list = page.getByRole('region', { name: 'Alerts' });
    await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await expect(list).toContainText('Alert 27');
    await expect(list).toContainText('Member alert');
    await expect(page.getByRole('group', { name: 'Which alerts' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    await screenshotFromTop(page, testInfo, 'alert-log-member');
  });

  test('an empty tab says so', async ({ page }) => {
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/alerts/closed');
    await expect(page.getByText('No alerts')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Closed alerts will be listed here.')).toBeVisible();
  });

  test('an admin exports a period as a CSV file', async ({ page }, testInfo) => {
    const { owner } = await arrangeLog();
    await openAs(page, owner, '/alerts');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export alerts' });
    await expect(dialog.getByLabel('From')).not.toHaveValue('');
    await dialog.getByLabel('From').fill('2030-02-01');
    await dialog.getByLabel('To').fill('2030-01-01');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The last day cannot be before the first day.');
    await screenshotFromTop(page, testInfo, 'alert-log-export');

    const today = new Date();
    const from = new Date(today.getTime() - 2 * 24 * 60 * MINUTE);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    await dialog.getByLabel('From').fill(day(from));
    await dialog.getByLabel('To').fill(day(new Date(today.getTime() + 24 * 60 * MINUTE)));
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^alerts-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.startsWith('\ufeffID,Sent,Severity,Status,Title,')).toBe(true);
    expect(csv).toContain('Alert 28');
    expect(csv).toContain('Member alert');
    await expect(dialog).toHaveCount(0);
  });

  test('the export is in the language the interface shows, with semicolons for Norwegian', async ({ page }) => {
    const { owner } = await arrangeLog();
    await openAs(page, owner, '/alerts?lang=no-nb');
    await page.getByRole('button', { name: 'Eksporter CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eksporter varsler' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Last ned' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv.startsWith('\ufeffID;Sendt;Alvorlighetsgrad;Status;Tittel;Melding;Avsender;Lukket;Mottakere;')).toBe(
      true,
    );
    expect(csv).toMatch(/;Alert 28;Message number 28: follow the instructions of the emergency team\.;/);
  });

  test('past 10,000 alerts the count and the pager say 10,000+, and the pages go on', async ({ page }, testInfo) => {
    const owner = await createConfirmedUser();
    await insertManyAlerts(e2eDb(), { companyId: owner.companyId, authorId: owner.userId, count: 10_001 });
    await openAs(page, owner, '/alerts/closed?page=400');
    const list = page.getByRole('region', { name: 'Alerts' });
    await expect(list).toContainText('10,000+ alerts', { timeout: 15_000 });
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toContainText('9,976–10,000 of 10,000+');
    await expect(pager).toContainText('Page 400 of 400+');
    await screenshotFromTop(page, testInfo, 'alert-log-capped');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/alerts\/closed\?page=401$/);
    await expect(list.getByRole('listitem')).toHaveText([/Bulk 10001/]);

    await openAs(page, owner, '/alerts?lang=no-nb');
    await expect(page.getByRole('region', { name: 'Varsler' })).toContainText(/10\s000\+ varsler/, { timeout: 15_000 });
  });
});
