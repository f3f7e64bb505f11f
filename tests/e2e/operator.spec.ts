import { expect, test } from '@playwright/test';
import { formatPhone } from '@/components/ui/phone-number';
import { uniquePhone } from '../helpers/phone';
import { screenshot, screenshotOf } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { seriousViolations } from './support/axe';
import { e2eDb } from './support/e2e-db';
import { e2eServerInfo } from './support/e2e-server-info';
import { e2eOperator } from './support/operator';
import { newPushSubscription, pushesReceived } from './support/push-service';
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

// Issue 35, item 4: the operator tests a channel and reads the provider's answer. The e2e server sends browser push to
// a local push service in the shape of a real one (tests/helpers/fake-web-push.ts) and has no Twilio, SMTP or FCM, as
// `npm start` out of the box: an SMS test is recorded in the outbox, and the section says so.
test('the operator tests a channel: an SMS only the outbox records, and a push with each push service’s answer', async ({
  page,
}, testInfo) => {
  const operator = await e2eOperator();
  const db = e2eDb();
  await db.device.deleteMany({ where: { userId: operator.userId } });
  try {
    await openAs(page, operator, '/operator');
    const section = page.getByRole('region', { name: 'Test a channel' });
    await expect(section).toBeVisible({ timeout: 15_000 });
    await expect(section.getByRole('radio', { name: 'SMS' })).toBeChecked();
    const route = section.getByTestId('channel-route');
    await expect(route).toHaveText('ProviderNone: recorded in the outbox, nothing is sent');

    await section.getByRole('button', { name: 'Send test SMS' }).click();
    await expect(section.getByText('Enter a valid phone number.')).toBeVisible();
    const number = uniquePhone();
    await section.getByRole('combobox', { name: 'Dial code' }).selectOption('+47');
    await section.getByRole('textbox', { name: 'Phone number' }).fill(number.slice('+47'.length));
    await section.getByRole('button', { name: 'Send test SMS' }).click();
    const answers = section.getByTestId('channel-test-answer');
    await expect(answers).toHaveCount(1);
    await expect(answers).toContainText('Recorded in the outbox, nothing sent');
    await expect(answers).toContainText(`The test for ${formatPhone(number)} was recorded in the outbox`);
    await expect(section).toContainText(
      'To send for real, set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, and TWILIO_FROM_NUMBER in the server’s configuration',
    );
    await expect(db.outboundMessage.count({ where: { channel: 'sms', recipient: number } })).resolves.toBe(1);

    // Push goes to the operator's own devices: none yet.
    await section.getByText('Push', { exact: true }).click();
    await expect(section.getByRole('radio', { name: 'Push' })).toBeChecked();
    await expect(route).toHaveText('Push to appsNone: recorded in the outbox, nothing is sentPush to browsersWeb Push');
    await expect(answers).toHaveCount(0);
    await section.getByRole('button', { name: 'Send test push' }).click();
    await expect(section.getByText(/Your account has no device that can receive push/)).toBeVisible();

    // A browser subscribed at the push service, and one whose subscription the push service no longer knows.
    const { id, subscription } = await newPushSubscription();
    const unknownEndpoint = `${e2eServerInfo().pushServiceUrl}/push/${'0'.repeat(24)}`;
    await db.device.create({
      data: {
        userId: operator.userId,
        name: 'Chromium on this laptop',
        platform: 'web',
        pushSubscription: { ...subscription },
      },
    });
    await db.device.create({
      data: {
        userId: operator.userId,
        name: 'Old tablet',
        platform: 'web',
        pushSubscription: { ...subscription, endpoint: unknownEndpoint },
      },
    });
    await section.getByRole('button', { name: 'Send test push' }).click();
    await expect(answers).toHaveCount(2);
    const sent = answers.filter({ hasText: 'Chromium on this laptop' });
    await expect(sent).toContainText('Sent');
    await expect(sent).toContainText('The browser’s push service took the test for Chromium on this laptop.');
    await expect(sent.getByRole('definition').filter({ hasText: /^201$/ })).toBeVisible();
    const refused = answers.filter({ hasText: 'Old tablet' });
    await expect(refused).toContainText('Refused');
    await expect(refused).toContainText('Web Push 404: Subscription not found');
    await expect.poll(async () => (await pushesReceived(id)).length).toBe(1);
    expect((await pushesReceived(id))[0].payload).toMatchObject({ tag: 'tocsin-test', data: { type: 'test' } });
    expect(await seriousViolations(page)).toEqual([]);
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshotOf(section, testInfo, 'operator-channel-test');

    // At phone width the section fits the screen, the answers under the form.
    await page.setViewportSize({ width: 412, height: 915 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    // The picture: the whole section in view below the sticky top bar, which would otherwise cover its heading.
    await page.setViewportSize({ width: 412, height: 1200 });
    await section.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 72));
    await screenshotOf(section, testInfo, 'operator-channel-test-phone');
  } finally {
    await db.device.deleteMany({ where: { userId: operator.userId } });
  }
});
