import { expect, test } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { apiAs, screenshotFromTop } from './support/alert-api';
import { eventHubConnected } from './support/company-events';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

test.describe.configure({ timeout: 120_000 });

// Issue 7's must-show, end to end with the real worker beside the server: an admin sends an alert in the interface, the
// worker delivers it (FCM is not configured in the tests, so the push is recorded in the outbox), the recipient's phone
// confirms it through the device API, and the delivery report turns to "Confirmed in app" while the admin watches.
test('an alert sent in the interface is delivered by the worker, confirmed by the phone, and the report turns received live', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  const anna = await db.user.update({
    where: { id: (await createAccount(db, { companyId: owner.companyId })).id },
    data: { name: 'Anna Berg' },
  });
  // Anna's phone registers itself with its push token, as the app does after login.
  const annasPhone = await apiAs(request, { email: anna.email, password: owner.password });
  const device = await annasPhone.post<{ deviceId: string }>('/api/devices', {
    name: 'Anna’s Pixel',
    platform: 'android',
    pushToken: `fcm-token-${anna.id}`,
  });

  await openAs(page, owner, '/newAlert');
  await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Water leak in the server room');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Switch off the power in room 2.14 and wait outside.');
  await page.getByRole('radio', { name: 'People' }).check();
  await page.getByRole('button', { name: 'Choose people' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose recipients' });
  await picker.getByRole('searchbox').fill('anna');
  await picker.getByRole('checkbox').check();
  await picker.getByRole('button', { name: 'Add 1 person' }).click();
  await expect(page.getByRole('checkbox', { name: 'Push', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'SMS', exact: true })).not.toBeChecked();
  // Before sending, the screen says what will not really go out here: no FCM, so push reaches browsers only.
  const warning = page.getByTestId('channels-not-sending');
  await expect(warning).toContainText('Some messages will not really go out');
  await expect(warning.locator('li')).toHaveText([/^Push to the mobile app: no provider \(Firebase Cloud Messaging\)/]);
  // Choosing SMS adds it (no Twilio here either); leaving it out again takes it away.
  await page.getByRole('checkbox', { name: 'SMS', exact: true }).check();
  await expect(warning.locator('li')).toHaveCount(2);
  await expect(warning.locator('li').nth(1)).toContainText('SMS: no SMS provider (Twilio)');
  await screenshot(page, testInfo, 'new-alert-channels-not-sending');
  await page.getByRole('checkbox', { name: 'SMS', exact: true }).uncheck();
  await expect(warning.locator('li')).toHaveCount(1);
  await page.getByRole('button', { name: 'Send alert' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send “Water leak in the server room”?' });
  await expect(confirm).toContainText('Alert by Push to 1 person.');
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(page).toHaveURL(/\/alerts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const alertId = new URL(page.url()).pathname.split('/').pop()!;

  // No FCM here: the worker records the push in the outbox and marks Anna's receipt recorded (not sent), with the
  // outbox row as provider id.
  await expect
    .poll(
      async () =>
        (await db.receipt.findFirst({ where: { alertId, userId: anna.id, channel: 'push', fallback: false } }))?.state,
      { timeout: 30_000 },
    )
    .toBe('recorded');
  const recorded = await db.outboundMessage.findMany({ where: { alertId } });
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatchObject({
    channel: 'push',
    companyId: owner.companyId,
    recipient: 'Anna’s Pixel',
    status: 'sent',
  });
  const receipt = await db.receipt.findFirstOrThrow({ where: { alertId, userId: anna.id, channel: 'push' } });
  expect(receipt.providerId).toBe(`outbox:${recorded[0].id}`);

  // The admin finds it in the outbox, linked to the alert.
  await page.goto('/company/outbox');
  const pushRow = page.getByTestId('outbox-row').filter({ hasText: 'Water leak in the server room' });
  await expect(pushRow).toHaveCount(1, { timeout: 15_000 });
  await expect(pushRow).toContainText('Push');
  await expect(pushRow).toContainText('Anna’s Pixel');
  await expect(pushRow).toContainText('Switch off the power in room 2.14 and wait outside.');
  await screenshotFromTop(page, testInfo, 'delivery-flow-outbox');

  // The delivery report: recorded, not sent, and not yet confirmed.
  const connected = eventHubConnected(page);
  await page.goto(`/alerts/delivery/${alertId}`);
  const annasRow = page.getByTestId('delivery-row').filter({ hasText: 'Anna Berg' });
  await expect(annasRow.locator('[data-status]')).toHaveText('Recorded, not sent', { timeout: 15_000 });
  await expect(page.getByTestId('channels-not-sending').locator('li')).toHaveText([/^Push to the mobile app/]);
  await expect(page.getByTestId('channels-not-sending').getByRole('link', { name: 'Open the Outbox' })).toBeVisible();
  await connected;
  await screenshotFromTop(page, testInfo, 'delivery-flow-sent');

  // Anna's phone confirms through the device API; the open report changes without a reload.
  const confirmed = await annasPhone.post<{ alertId: string; receivedAt: string; seenAt: string | null }>(
    `/api/alerts/${alertId}/received`,
    { deviceId: device.deviceId },
  );
  expect(confirmed).toMatchObject({ alertId, seenAt: null });
  await expect(annasRow.locator('[data-status]')).toHaveText('Confirmed in app', { timeout: 10_000 });
  await expect(
    page
      .getByRole('list', { name: 'Recipients by delivery status' })
      .getByRole('button', { name: 'Confirmed in app 1' }),
  ).toBeVisible();
  await expect(annasRow.getByRole('listitem').first()).toContainText('Confirmed');
  await screenshot(page, testInfo, 'delivery-flow-received');
  expect((await db.receipt.findFirstOrThrow({ where: { alertId, userId: anna.id, channel: 'push' } })).state).toBe(
    'received',
  );
});
