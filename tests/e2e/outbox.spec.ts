import { expect, test, type Page } from '@playwright/test';
import { formatDateTime } from '@/components/ui/format-date';
import { recordAlertMessages } from '@/lib/providers/outbox/record-alert-messages';
import { createAccount } from '../helpers/accounts';
import { insertAlert } from '../helpers/alert-fixtures';
import { createConfirmedUser } from './support/accounts';
import { screenshotFromTop } from './support/alert-api';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

/** Where the outbox recorded the push of an alert, an e-mail with a subject, and 52 older SMS before them. */
async function arrangeOutbox() {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  const kari = await db.user.update({
    where: { id: (await createAccount(db, { companyId: owner.companyId })).id },
    data: { name: 'Kari Nordmann' },
  });
  const alert = await insertAlert(db, {
    companyId: owner.companyId,
    authorId: owner.userId,
    title: 'Gas leak in building B',
    message: 'Leave by the east stairs and meet at the car park.',
  });
  const start = new Date('2026-11-20T07:00:00Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  await db.outboundMessage.createMany({
    data: Array.from({ length: 52 }, (_, n) => ({
      companyId: owner.companyId,
      channel: 'sms' as const,
      recipient: '+4790000000',
      body: `Shift change ${n + 1}: report to the gate.`,
      createdAt: at(n),
    })),
  });
  const longText = Array.from({ length: 8 }, (_, n) => `Line ${n + 1} of the instructions.`).join('\n');
  await db.outboundMessage.create({
    data: {
      companyId: owner.companyId,
      channel: 'email',
      recipient: 'kari@example.test',
      subject: 'Install the Tocsin app',
      body: longText,
      createdAt: at(100),
    },
  });
  await recordAlertMessages(db, [
    {
      deliveryKey: `${alert.id}:${kari.id}:push:main:phone`,
      alertId: alert.id,
      companyId: owner.companyId,
      channel: 'push',
      recipient: 'Kari phone',
      subject: alert.title,
      body: alert.message,
    },
  ]);
  const push = await db.outboundMessage.update({
    where: { deliveryKey: `${alert.id}:${kari.id}:push:main:phone` },
    data: { createdAt: at(200) },
  });
  // Another company's message is never shown here.
  const other = await createConfirmedUser();
  await db.outboundMessage.create({
    data: { companyId: other.companyId, channel: 'sms', recipient: '+4799999999', body: 'Someone else’s message' },
  });
  return { owner, alert, push, pushTime: formatDateTime(push.createdAt.toISOString()) };
}

test.describe.configure({ timeout: 60_000 });

const rows = (page: Page) => page.getByTestId('outbox-row');

/** The main navigation, opened first where it is a closed drawer (phone width). */
async function openNavigation(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toBeVisible();
  return nav;
}

/** Closes the phone drawer again (on a desktop the navigation stays). */
async function closeNavigation(page: Page) {
  const close = page.getByRole('button', { name: 'Close navigation' });
  if (await page.locator('.nav-backdrop').isVisible()) await close.click();
}

test.describe('outbox', () => {
  test('an admin sees what would have gone out: channel, recipient, text, time and status, by channel and page', async ({
    page,
  }, testInfo) => {
    const { owner, alert, pushTime } = await arrangeOutbox();
    await openAs(page, owner, '/company/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle(/^Outbox/);

    // Nothing is configured in the tests but Web Push, whose key pair npm start makes by itself (the responder's
    // tests send through it): every other channel says so.
    const drivers = page.getByRole('region', { name: 'Where messages go' });
    await expect(drivers.getByRole('term')).toHaveText([
      'SMS',
      'Voice calls',
      'Push to the app',
      'Push to browsers',
      'E-mail',
    ]);
    await expect(drivers.getByRole('definition')).toHaveText([
      'Outbox only',
      'Outbox only',
      'Outbox only',
      'Web Push',
      'Outbox only',
    ]);

    await expect(page.getByText('54 messages')).toBeVisible();
    await expect(rows(page)).toHaveCount(50);
    const push = rows(page).first();
    await expect(push.getByRole('cell').nth(0)).toHaveText(pushTime);
    await expect(push.getByRole('cell').nth(1)).toHaveText('Push');
    await expect(push.getByRole('cell').nth(2)).toHaveText('Kari phone');
    await expect(push.getByRole('cell').nth(3)).toContainText('Gas leak in building B');
    await expect(push.getByRole('cell').nth(3)).toContainText('Leave by the east stairs and meet at the car park.');
    await expect(push.getByRole('cell').nth(4)).toHaveText('Recorded');
    const email = rows(page).nth(1);
    await expect(email).toContainText('E-mail');
    await expect(email).toContainText('Install the Tocsin app');
    await email.getByRole('button', { name: 'Show all' }).click();
    await expect(email.getByText(/Line 8 of the instructions/)).toBeVisible();
    await expect(email.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Someone else’s message')).toHaveCount(0);
    await screenshotFromTop(page, testInfo, 'outbox');
    // The Company group is open with its Outbox item current.
    const nav = await openNavigation(page);
    await expect(nav.getByRole('link', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
    await closeNavigation(page);

    // Page 2 holds the oldest four.
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toContainText('1–50 of 54');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).last()).toContainText('Shift change 1: report to the gate.');
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(rows(page)).toHaveCount(50);

    // Only push: the alert's message, linked to the alert.
    const filter = page.getByRole('group', { name: 'Channel' });
    await filter.getByRole('button', { name: 'Push' }).click();
    await expect(filter.getByRole('button', { name: 'Push' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByText('1 message', { exact: true })).toBeVisible();
    await filter.getByRole('button', { name: 'Voice call' }).click();
    await expect(page.getByText('No messages on this channel.')).toBeVisible();
    await filter.getByRole('button', { name: 'Push' }).click();
    await rows(page).first().getByRole('link', { name: 'Open the alert' }).click();
    await expect(page).toHaveURL(new RegExp(`/alerts/${alert.id}$`));
    await expect(page.getByRole('heading', { name: 'Gas leak in building B' })).toBeVisible({ timeout: 15_000 });
  });

  test('members who are not admins have no outbox', async ({ page }) => {
    const { owner } = await arrangeOutbox();
    const member = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
    await openAs(page, { email: member.email, password: owner.password }, '/company/outbox');
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    const nav = await openNavigation(page);
    await expect(nav.getByRole('link', { name: 'Alert log' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Outbox' })).toHaveCount(0);
  });

  test('past 10,000 recorded messages the count and the pager say 10,000+', async ({ page }, testInfo) => {
    const owner = await createConfirmedUser();
    await e2eDb().$executeRaw`
      INSERT INTO "OutboundMessage" (id, "companyId", channel, recipient, body, "createdAt")
      SELECT gen_random_uuid(), ${owner.companyId}::uuid, 'sms', '+4791000000', 'Bulk SMS ' || g,
             now() - interval '1 second' * g
      FROM generate_series(1, 10001) g`;
    await openAs(page, owner, '/company/outbox');
    const messages = page.getByRole('region', { name: 'Recorded messages' });
    await expect(messages).toContainText('10,000+ messages', { timeout: 15_000 });
    const pager = messages.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toContainText('1–50 of 10,000+');
    await expect(pager).toContainText('Page 1 of 200+');
    await screenshotFromTop(page, testInfo, 'outbox-capped');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('51–100 of 10,000+');
  });
});
