import { expect, test, type Page } from '@playwright/test';
import { createAccount, PASSWORD } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { apiAs } from './support/alert-api';
import { seriousViolations } from './support/axe';
import { eventHubConnected } from './support/company-events';
import { fallbackJobSettled } from './support/delivery-queue';
import { e2eDb } from './support/e2e-db';
import { deliverPushMessage, newPushSubscription, pushesReceived, usePushSubscription } from './support/push-service';
import { hashToken } from '@/lib/auth/session-token';
import { sessionKeysOf } from '@/lib/http/client';
import { logInThroughForm } from './support/login-page';
import { openAs } from './support/session';

// Issue 33: the responder, the members' side, in the browser. The fallback SMS is checked after its real 2 minutes,
// so the first test waits for it while the page goes on with the rest.
test.describe.configure({ timeout: 240_000 });

/** The notifications the page's service worker shows now. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((shown) => ({
      title: shown.title,
      body: shown.body,
      requireInteraction: shown.requireInteraction,
      url: (shown.data as { url?: string } | null)?.url ?? null,
    }));
  });
}

async function arrange() {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  const anna = await db.user.update({
    where: { id: (await createAccount(db, { companyId: owner.companyId })).id },
    data: { name: 'Anna Berg' },
  });
  return { owner, anna: { ...anna, password: PASSWORD } };
}

test('a member turns on alerts, a push reaches the service worker, a tap confirms, and the report turns live with no fallback SMS', async ({
  browser,
  context,
  page,
  request,
}, testInfo) => {
  const { owner, anna } = await arrange();
  const db = e2eDb();
  const pushSubscription = await newPushSubscription();
  await usePushSubscription(context, pushSubscription.subscription);
  await context.grantPermissions(['notifications']);

  await openAs(page, anna, '/r');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Anna Berg' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Get alerts on this device' })).toBeVisible();
  await screenshot(page, testInfo, 'responder-home-off');
  await page.getByRole('button', { name: 'Turn on alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts reach this device' })).toBeVisible();
  const device = await db.device.findFirstOrThrow({ where: { userId: anna.id, platform: 'web' } });
  expect(device.pushSubscription).toEqual(pushSubscription.subscription);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  await screenshot(page, testInfo, 'responder-home-on');

  // The admin sends an alarm to Anna and watches the delivery report.
  const admin = await apiAs(request, owner);
  const sentAt = Date.now();
  const { alertId } = await admin.post<{ alertId: string }>('/api/alerts/alarm', {
    severity: 'alarm',
    title: 'Fire in building B',
    message: 'Leave by the nearest exit and gather at the car park.',
    channels: ['push'],
    target: { users: [anna.id] },
  });
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  const connected = eventHubConnected(adminPage);
  await openAs(adminPage, owner, `/alerts/delivery/${alertId}`);
  const annasRow = adminPage.getByTestId('delivery-row').filter({ hasText: 'Anna Berg' });
  await expect(annasRow.locator('[data-status]')).toHaveText('Sent', { timeout: 30_000 });
  await connected;

  // The worker's push reached the push service encrypted and signed, with high urgency and an alarm's short TTL.
  await expect.poll(async () => (await pushesReceived(pushSubscription.id)).length, { timeout: 30_000 }).toBe(1);
  const [push] = await pushesReceived(pushSubscription.id);
  expect(push.headers).toMatchObject({ urgency: 'high', ttl: '600' });
  await deliverPushMessage(page, '/r', JSON.stringify(push.payload));
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Alarm: Fire in building B',
        body: 'Leave by the nearest exit and gather at the car park.',
        requireInteraction: true,
        url: `/r/alerts/${alertId}?confirm=1&company=${owner.companyId}`,
      },
    ]);

  // A tap opens what the notification points at: the alert, confirmed at once.
  const [notification] = await shownNotifications(page);
  await page.goto(notification.url!);
  await expect(page.getByText('Confirmed. The sender sees that the alert reached you.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Fire in building B' })).toBeVisible();
  await screenshot(page, testInfo, 'responder-alert-confirmed');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(annasRow.locator('[data-status]')).toHaveText('Confirmed in app', { timeout: 10_000 });
  await screenshot(adminPage, testInfo, 'responder-admin-report-confirmed');
  expect(
    await db.receipt.findFirstOrThrow({ where: { alertId, userId: anna.id, channel: 'push', fallback: false } }),
  ).toMatchObject({ state: 'seen', deviceId: device.id });

  // Offline, a confirmation waits in the browser and goes out when the network is back.
  const { alertId: secondId } = await admin.post<{ alertId: string }>('/api/alerts/alert', {
    severity: 'alert',
    title: 'Water off on floor 3',
    message: 'The water is off on floor 3 until noon.',
    channels: ['push'],
    target: { users: [anna.id] },
  });
  await page.goto(`/r/alerts/${secondId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Water off on floor 3' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Confirmed on this device. It is sent as soon as you are back online.')).toBeVisible();
  // A reply written offline waits too, shown under the timeline, and is posted once when the network is back.
  await page.getByLabel('Your comment').fill('I am at the car park with the visitors.');
  await page.getByRole('button', { name: 'Post comment' }).click();
  const waiting = page.getByRole('list', { name: 'Replies waiting for the network' });
  await expect(waiting.getByText('I am at the car park with the visitors.')).toBeVisible();
  await expect(page.getByLabel('Your comment')).toHaveValue('');
  await screenshot(page, testInfo, 'responder-alert-offline');
  const secondReceipt = () =>
    db.alertRecipient.findFirstOrThrow({ where: { alertId: secondId, userId: anna.id } }).then((row) => row.seenAt);
  expect(await secondReceipt()).toBeNull();
  expect(await db.alertComment.count({ where: { alertId: secondId } })).toBe(0);
  await context.setOffline(false);
  await expect.poll(secondReceipt, { timeout: 15_000 }).not.toBeNull();
  await expect(waiting).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('Confirmed. The sender sees that the alert reached you.')).toBeVisible();
  await expect(page.getByText('I am at the car park with the visitors.')).toBeVisible();
  expect(
    await db.alertComment.findMany({ where: { alertId: secondId }, select: { message: true, authorId: true } }),
  ).toEqual([{ message: 'I am at the car park with the visitors.', authorId: anna.id }]);

  // The fallback SMS goes 2 minutes after sending to those whose app did not confirm: Anna confirmed, none for her.
  expect(await fallbackJobSettled(alertId, Math.max(10_000, sentAt + 150_000 - Date.now()))).toBe('done');
  expect(await db.outboundMessage.count({ where: { alertId, channel: 'sms' } })).toBe(0);
  expect(await db.receipt.count({ where: { alertId, userId: anna.id, fallback: true } })).toBe(0);
  await adminContext.close();
});

test('the responder signs in through the login form with its own device session, beside the console in the same browser', async ({
  page,
}, testInfo) => {
  const { owner } = await arrange();
  const db = e2eDb();
  await openAs(page, owner, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });

  // The console's session does not open the responder: it asks for a sign-in of its own, kept on the device.
  await page.goto('/r');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fr$/);
  await expect(page.getByText('You stay signed in on this device')).toBeVisible();
  await expect(page.getByLabel('Keep me logged in for 12 hours')).toHaveCount(0);
  await screenshot(page, testInfo, 'responder-login');
  await logInThroughForm(page, owner, page.url());
  await expect(page.getByRole('heading', { level: 1, name: /^Hello/ })).toBeVisible({ timeout: 15_000 });
  const keys = sessionKeysOf('responder');
  const deviceToken = await page.evaluate((key) => window.localStorage.getItem(key), keys.token);
  const stored = await db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(deviceToken!) } });
  expect(stored).toMatchObject({ kind: 'device', userId: owner.userId });

  // Signing out of the responder leaves the console signed in.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/loggedOut\?reason=loggedOut&redirect=%2Fr$/);
  expect((await db.session.findUniqueOrThrow({ where: { id: stored.id } })).revokedAt).not.toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('the responder is an installable app: a valid manifest, a service worker that controls it, the shell offline', async ({
  context,
  page,
}, testInfo) => {
  const { anna } = await arrange();
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ start_url: '/r', scope: '/r', display: 'standalone', name: 'Tocsin' });
  for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  await openAs(page, anna, '/r');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Anna Berg' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'responder-home');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, testInfo, 'responder-home-desktop');
  await page.setViewportSize({ width: 412, height: 839 });
  // Dark, as the device's setting asks: the same page in the dark palette, with nothing serious for axe either.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'responder-home-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Anna Berg' })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await screenshot(page, testInfo, 'responder-offline');
  await context.setOffline(false);
});

test('the front page: alerts tested, a scenario started, an SOS held, a mission started, extended and finished, a position request answered', async ({
  browser,
  context,
  page,
  request,
}, testInfo) => {
  const { owner, anna } = await arrange();
  const db = e2eDb();
  await db.company.update({ where: { id: owner.companyId }, data: { features: ['scenario', 'mission'] } });
  for (const [sortIndex, name] of ['Fire', 'Gas leak', 'Intruder', 'Flood'].entries()) {
    await db.scenario.create({
      data: {
        companyId: owner.companyId,
        name,
        alertType: 'alarm',
        title: `${name} now`,
        body: `${name}: leave the building by the nearest exit and meet at the assembly point.`,
        channels: ['push'],
        target: { company: true },
        sortIndex,
      },
    });
  }
  const pushSubscription = await newPushSubscription();
  await usePushSubscription(context, pushSubscription.subscription);
  await context.grantPermissions(['notifications', 'geolocation']);
  await context.setGeolocation({ latitude: 59.9133, longitude: 10.7389, accuracy: 12 });

  await openAs(page, anna, '/r');
  await page.getByRole('button', { name: 'Turn on alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts reach this device' })).toBeVisible({ timeout: 15_000 });

  // Test my alerts: a push through the real path; the service worker tells the page it arrived.
  await page.getByRole('button', { name: 'Test my alerts' }).click();
  const testPushes = async () =>
    (await pushesReceived(pushSubscription.id)).filter((push) => push.payload?.data?.type === 'test');
  await expect.poll(async () => (await testPushes()).length, { timeout: 15_000 }).toBe(1);
  const [testPush] = await testPushes();
  expect(testPush.headers).toMatchObject({ urgency: 'high', ttl: '60' });
  await deliverPushMessage(page, '/r', JSON.stringify(testPush.payload));
  await expect(page.getByText('The test alert arrived: alerts reach this device.')).toBeVisible();
  const tested = await db.device.findFirstOrThrow({ where: { userId: anna.id, platform: 'web' } });
  expect(tested.lastTestReceivedAt).not.toBeNull();

  // The admin sees the successful test on the members list, and the responder's address as a QR code.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await openAs(adminPage, owner, '/company/members');
  await expect(adminPage.getByTestId('member-row').filter({ hasText: 'Anna Berg' })).toContainText('Alerts tested');
  await adminPage.getByRole('button', { name: 'Get alerts on phones' }).click();
  const linkDialog = adminPage.getByRole('dialog', { name: "Alerts on people's phones" });
  await expect(linkDialog.getByRole('img', { name: /^QR code of http:\/\/.+\/r$/ })).toBeVisible();
  await expect(linkDialog.getByRole('link', { name: /\/r$/ })).toBeVisible();
  await screenshot(adminPage, testInfo, 'responder-members-link');
  await adminContext.close();

  // The first three scenarios by sort order, started with a tap and a confirmation.
  const scenarios = page.getByRole('region', { name: 'Scenarios' });
  await expect(scenarios.getByRole('button')).toHaveText(['Fire', 'Gas leak', 'Intruder']);
  await screenshot(page, testInfo, 'responder-front-page');
  expect(await seriousViolations(page)).toEqual([]);
  await scenarios.getByRole('button', { name: 'Gas leak' }).click();
  const confirm = page.getByRole('dialog', { name: 'Start “Gas leak”?' });
  await confirm.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('“Gas leak” started.')).toBeVisible();
  const started = await db.alert.findFirstOrThrow({ where: { companyId: owner.companyId, title: 'Gas leak now' } });
  expect(started).toMatchObject({ authorId: anna.id, type: 'alarm' });

  // SOS: a tap sends nothing and says how; held for two seconds, it goes with the position.
  const sos = page.getByRole('button', { name: 'SOS', exact: true });
  await sos.click();
  await expect(page.getByText('Keep holding the button for 2 seconds to send an SOS.')).toBeVisible();
  expect(await db.alert.count({ where: { companyId: owner.companyId, type: 'sos' } })).toBe(0);
  await sos.hover();
  await page.mouse.down();
  await page.waitForTimeout(2_300);
  await page.mouse.up();
  await expect(page.getByText(/^SOS sent with your position\./)).toBeVisible({ timeout: 15_000 });
  const sosAlert = await db.alert.findFirstOrThrow({ where: { companyId: owner.companyId, type: 'sos' } });
  expect(sosAlert).toMatchObject({ authorId: anna.id, authorLat: 59.9133, authorLng: 10.7389 });

  // A mission: started for an hour, extended by 30 minutes, finished.
  const mission = page.getByRole('region', { name: 'Lone work' });
  await mission.getByLabel('Length').selectOption({ label: '1 hour' });
  await mission.getByLabel('What and where (optional)').fill('Checking the pump house');
  await mission.getByRole('button', { name: 'Start mission' }).click();
  await expect(mission.getByRole('timer')).toContainText(/(59|60) min left|1 h 0 min left/);
  const stored = () => db.mission.findFirstOrThrow({ where: { userId: anna.id, companyId: owner.companyId } });
  const firstEnd = (await stored()).endTime.getTime();
  await mission.getByRole('button', { name: 'Extend by 30 min' }).click();
  await expect.poll(async () => (await stored()).endTime.getTime() - firstEnd).toBe(30 * 60_000);
  await expect(mission.getByRole('timer')).toContainText('1 h');
  await screenshot(page, testInfo, 'responder-mission');
  await mission.getByRole('button', { name: 'Finish mission' }).click();
  await expect(mission.getByRole('button', { name: 'Start mission' })).toBeVisible();
  expect((await stored()).status).toBe('finished');

  // A position request: the push shows who asks; the page says why, and the answer goes only on a tap.
  const admin = await apiAs(request, owner);
  const { id: positioningId } = await admin.post<{ id: string }>('/api/positionings', {
    reason: 'Roll call after the fire alarm',
    target: { users: [anna.id] },
  });
  // The test push came before: wait for the positioning's own.
  const positioningPushes = async () =>
    (await pushesReceived(pushSubscription.id)).filter((push) => push.payload?.data?.type === 'positioningRequest');
  await expect.poll(async () => (await positioningPushes()).length, { timeout: 30_000 }).toBe(1);
  const [positioningPush] = await positioningPushes();
  await deliverPushMessage(page, '/r', JSON.stringify(positioningPush.payload));
  await expect
    .poll(async () => (await shownNotifications(page)).find((shown) => shown.url?.includes(positioningId)))
    .toMatchObject({ title: 'Your position is requested', body: `${owner.name} asks: Roll call after the fire alarm` });
  await page.goto(`/r/positionings/${positioningId}`);
  await expect(
    page.getByRole('heading', { name: new RegExp(`${owner.name} \\(.+\\) asks for your position`) }),
  ).toBeVisible();
  await expect(page.getByText('Roll call after the fire alarm')).toBeVisible();
  await screenshot(page, testInfo, 'responder-positioning');
  const result = () => db.positioningResult.findFirstOrThrow({ where: { positioningId, userId: anna.id } });
  expect((await result()).state).toBe('pending');
  await page.getByRole('button', { name: 'Share my position' }).click();
  await expect(page.getByText('You shared your position. Thank you.')).toBeVisible();
  expect(await result()).toMatchObject({ state: 'found', lat: 59.9133, lng: 10.7389 });
});

test('a notification of another of the person’s companies opens the alert in that company and confirms it there', async ({
  page,
  request,
}, testInfo) => {
  const { anna } = await arrange();
  const other = await createConfirmedUser();
  const db = e2eDb();
  await db.membership.create({ data: { userId: anna.id, companyId: other.companyId, role: 'user' } });
  const admin = await apiAs(request, other);
  const { alertId } = await admin.post<{ alertId: string }>('/api/alerts/alert', {
    severity: 'alert',
    title: 'Elevator out of order',
    message: 'Use the stairs in building C today.',
    channels: ['push'],
    target: { users: [anna.id] },
  });
  // Anna's session opens her first company; the notification names the alert's.
  await openAs(page, anna, `/r/alerts/${alertId}?confirm=1&company=${other.companyId}`);
  await expect(page.getByText('Confirmed. The sender sees that the alert reached you.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Elevator out of order' })).toBeVisible();
  const { customerId: customerIdKey } = sessionKeysOf('responder');
  expect(await page.evaluate((key) => window.localStorage.getItem(key), customerIdKey)).toBe(other.companyId);
  const recipient = await db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: anna.id } });
  expect(recipient.seenAt).not.toBeNull();
  await screenshot(page, testInfo, 'responder-other-company');
});
