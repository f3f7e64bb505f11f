import { expect, test } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { insertAlert } from '../helpers/alert-fixtures';
import { screenshotOf } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

// SMS opt-out (issue 36) as an admin sees it: the member's row says "Opted out of SMS" with why, and the delivery
// report names the reason an SMS was not sent.
test.describe.configure({ timeout: 60_000 });

test('the member row and the delivery report show an SMS opt-out', async ({ page }, testInfo) => {
  const owner = await createConfirmedUser();
  const quitter = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  const blocked = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  await e2eDb().user.update({ where: { id: quitter.id }, data: { name: 'Aase Stopp' } });
  await e2eDb().user.update({ where: { id: blocked.id }, data: { name: 'Bror Blokk' } });
  await e2eDb().smsOptOut.createMany({
    data: [
      { phone: quitter.phone!, source: 'keyword', keyword: 'STOP', optedOutAt: new Date() },
      { phone: blocked.phone!, source: 'twilio', optedOutAt: new Date() },
    ],
  });

  await openAs(page, owner, '/company/members');
  const row = page.getByTestId('member-row').filter({ hasText: 'Aase Stopp' });
  const badge = row.getByTestId('sms-opted-out');
  await expect(badge).toContainText('Opted out of SMS', { timeout: 15_000 });
  await expect(badge).toHaveAttribute('title', /Replied STOP to an alert SMS/);
  await expect(
    page.getByTestId('member-row').filter({ hasText: 'Bror Blokk' }).getByTestId('sms-opted-out'),
  ).toHaveAttribute('title', /Twilio refuses SMS/);
  await expect(
    page.getByTestId('member-row').filter({ hasText: owner.email }).getByTestId('sms-opted-out'),
  ).toHaveCount(0);
  await screenshotOf(page.getByRole('table'), testInfo, 'members-sms-opted-out');

  const alert = await insertAlert(e2eDb(), {
    companyId: owner.companyId,
    authorId: owner.userId,
    title: 'Gas leak in building B',
    recipients: [
      { userId: quitter.id, receipts: [{ channel: 'sms', state: 'failed', error: 'smsOptedOut' }] },
      { userId: blocked.id, receipts: [{ channel: 'sms', state: 'failed', error: 'smsOptedOutTwilio' }] },
    ],
  });
  await page.goto(`/alerts/delivery/${alert.id}`);
  await expect(page.getByTestId('delivery-row').filter({ hasText: 'Aase Stopp' })).toContainText(
    'Opted out of SMS: the person replied STOP to our SMS',
    { timeout: 15_000 },
  );
  await expect(page.getByTestId('delivery-row').filter({ hasText: 'Bror Blokk' })).toContainText(
    'Twilio blocks SMS to this number',
  );
  await screenshotOf(page.getByTestId('delivery-row').first().locator('..'), testInfo, 'delivery-sms-opted-out');
});
