import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { randomBytes, randomUUID } from 'node:crypto';
import { seedDemo } from '@/prisma/seed';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { apiAs } from './support/alert-api';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

// Issue 16: who has the app. The demo company (prisma/seed.ts, as `npm start` seeds it): Ingrid, Lars and Sofia have
// the app on a phone, Mohammed is seen by an old phone without it (a position is not the app), the owner (Demo Admin)
// and Emma have no device. The dashboard, the members list, the reach preview and the delivery report must all say so.
// A busy machine (two browsers drawing maps in software) is slow to count and to deliver: generous waits.
test.describe.configure({ timeout: 240_000 });
const SLOW = { timeout: 45_000 };

const WITH_APP = ['Ingrid Hansen', 'Lars Johansen', 'Sofia Berg'];
const WITHOUT_APP = ['Demo Admin', 'Mohammed Ali', 'Emma Nilsen'];

/** The demo company with its own e-mail domain and phone numbers (users are global; the database lives for the run). */
async function seedDemoCompany() {
  return seedDemo(e2eDb(), new Date(), {
    emailDomain: `${randomBytes(4).toString('hex')}.demo.test`,
    phoneBase: 30_000_000 + Math.floor(Math.random() * 9_000_000),
  });
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, name);
}

async function openNewAlert(page: Page, title: string) {
  await page.goto('/newAlert');
  await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Leave the building by the nearest exit.');
  await expect(page.getByRole('checkbox', { name: 'Push', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'SMS', exact: true })).not.toBeChecked();
}

/** Sends from the open form, checks the confirmation repeats `warning`, and opens the delivery report. */
async function sendAndOpenReport(page: Page, title: string, warning: string, testInfo: TestInfo, shot: string) {
  await page.getByRole('button', { name: 'Send alert' }).click();
  const confirm = page.getByRole('dialog', { name: `Send “${title}”?` });
  await expect(confirm).toContainText(warning);
  await screenshot(page, testInfo, shot);
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(page).toHaveURL(/\/alerts\/[0-9a-f-]{36}$/, SLOW);
  const alertId = new URL(page.url()).pathname.split('/').pop()!;
  await page.goto(`/alerts/delivery/${alertId}`);
  return alertId;
}

const deliveryRow = (page: Page, name: string) => page.getByTestId('delivery-row').filter({ hasText: name });

test.describe('who has the app', () => {
  test('the dashboard, members, the reach preview and the delivery report agree in the demo company', async ({
    page,
  }, testInfo) => {
    const login = await seedDemoCompany();
    await openAs(page, login, '/');
    await expect(page.getByTestId('reminder-card')).toContainText(
      '3 of 6 users have not installed the Tocsin app yet',
      SLOW,
    );
    await shoot(page, testInfo, 'app-reach-dashboard');

    // The reminder offers exactly the people without the app.
    await page.getByTestId('reminder-card').getByRole('button', { name: 'Send reminder' }).click();
    const picker = page.getByRole('dialog', { name: 'Remind people to install the app' });
    await expect(picker.getByRole('checkbox')).toHaveCount(3);
    for (const name of WITHOUT_APP) await expect(picker).toContainText(name);
    await picker.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/company/members');
    await expect(page.getByTestId('member-row')).toHaveCount(6, SLOW);
    for (const name of WITH_APP)
      await expect(page.getByTestId('member-row').filter({ hasText: name })).not.toContainText('SMS only');
    for (const name of WITHOUT_APP)
      await expect(page.getByTestId('member-row').filter({ hasText: name })).toContainText('SMS only');
    await shoot(page, testInfo, 'app-reach-members');

    // A push-only alert to everyone on a paying plan (enterprise): the three without the app get an SMS at once.
    const title = 'Fire drill in the Oslo office';
    await openNewAlert(page, title);
    const preview = page.getByTestId('reach-preview');
    await expect(preview).toContainText('6 people will be alerted', SLOW);
    const warning =
      '3 of the 6 people alerted have no app: they get an SMS right away instead of the push (the fallback SMS of your plan).';
    await expect(preview).toContainText(warning);
    await expect(preview).toContainText(
      'Anyone whose app has not received the alert within 2 minutes gets an SMS as well.',
    );
    await shoot(page, testInfo, 'app-reach-preview-paying');
    await sendAndOpenReport(page, title, warning, testInfo, 'app-reach-confirm-paying');

    await expect(page.getByRole('heading', { name: '6 recipients' })).toBeVisible(SLOW);
    await expect(page.getByTestId('delivery-row')).toHaveCount(6);
    for (const name of WITHOUT_APP) {
      await expect(deliveryRow(page, name)).toContainText('No app: no phone or browser that can receive push', {
        timeout: 60_000,
      });
      await expect(deliveryRow(page, name)).toContainText('fallback', SLOW);
    }
    for (const name of WITH_APP) {
      await expect(deliveryRow(page, name).getByRole('listitem').first()).toContainText('Push');
      await expect(deliveryRow(page, name)).not.toContainText('No app');
    }
    await expect(page.getByText('noApp')).toHaveCount(0);
    await shoot(page, testInfo, 'app-reach-report');
  });

  test('an area alert counts the people in the area; those outside are listed apart', async ({ page }, testInfo) => {
    // Ingrid (app) and Mohammed (old phone, no app) were last seen in the Oslo office; the other four were not. The
    // alert is sent through the API (the form's reach for areas is covered by new-alert.spec.ts and the API tests).
    const login = await seedDemoCompany();
    const office = await e2eDb().location.findFirstOrThrow({
      where: { name: 'Oslo office', company: { memberships: { some: { user: { email: login.email } } } } },
    });
    const sent = await (
      await apiAs(page.request, login)
    ).post<{ alertId: string; recipients: number }>('/api/alerts/alert', {
      title: 'Gas leak at the Oslo office',
      message: 'Leave the building by the nearest exit.',
      channels: ['push'],
      target: { locations: [office.id] },
    });
    expect(sent.recipients).toBe(2);
    await openAs(page, login, `/alerts/delivery/${sent.alertId}`);

    await expect(page.getByRole('heading', { name: '2 recipients' })).toBeVisible(SLOW);
    const stats = page.getByRole('list', { name: 'Recipients by delivery status' });
    await expect(stats.getByRole('button', { name: 'All 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('delivery-row')).toHaveCount(2);
    await expect(page.getByText('2 people', { exact: true })).toBeVisible();
    await expect(deliveryRow(page, 'Mohammed Ali')).toContainText('No app: no phone or browser that can receive push', {
      timeout: 60_000,
    });
    await expect(
      page.getByText('4 people were outside the area: recorded, not alerted and not counted above.'),
    ).toBeVisible();
    await shoot(page, testInfo, 'app-reach-area-report');

    const outside = page
      .getByRole('list', { name: 'Outside the area' })
      .getByRole('button', { name: 'Outside the area 4' });
    await outside.click();
    await expect(page.getByTestId('delivery-row')).toHaveCount(4);
    for (const name of ['Lars Johansen', 'Sofia Berg', 'Emma Nilsen', 'Demo Admin'])
      await expect(deliveryRow(page, name)).toContainText('Not alerted: outside the area');
    await expect(page.getByText('4 people', { exact: true })).toBeVisible();
    await shoot(page, testInfo, 'app-reach-area-outside');
    await stats.getByRole('button', { name: 'All 2' }).click();
    await expect(page.getByTestId('delivery-row')).toHaveCount(2);
  });

  test('on the free plan a push-only alert warns that people without the app get nothing', async ({
    page,
  }, testInfo) => {
    const owner = await createConfirmedUser();
    const db = e2eDb();
    await db.company.update({ where: { id: owner.companyId }, data: { plan: 'free' } });
    const anna = await createAccount(db, { companyId: owner.companyId });
    await db.device.create({
      data: { userId: anna.id, name: 'Anna phone', platform: 'android', pushToken: `token-${randomUUID()}` },
    });
    const bo = await createAccount(db, { companyId: owner.companyId });
    await db.device.create({ data: { userId: bo.id, name: 'Bo old phone', platform: 'ios' } });

    await openAs(page, owner, '/');
    const title = 'Storm warning for tonight';
    await openNewAlert(page, title);
    const preview = page.getByTestId('reach-preview');
    await expect(preview).toContainText('3 people will be alerted', SLOW);
    const warning =
      '2 of the 3 people alerted have no app: they will get nothing. Add SMS or voice to reach them (your plan has no fallback SMS).';
    await expect(preview).toContainText(warning);
    await expect(preview).not.toContainText('gets an SMS as well');
    await shoot(page, testInfo, 'app-reach-preview-free');
    await page.getByRole('button', { name: 'Send alert' }).click();
    const confirm = page.getByRole('dialog', { name: `Send “${title}”?` });
    await expect(confirm).toContainText(warning);
    await screenshot(page, testInfo, 'app-reach-confirm-free');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });
});
