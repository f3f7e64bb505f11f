import { expect, test } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

test('an admin picks people without the app and sends them the reminder by e-mail and SMS', async ({
  page,
}, testInfo) => {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  await db.device.create({
    data: { userId: owner.userId, name: 'Owner phone', platform: 'android', pushToken: `token-${owner.userId}` },
  });
  const members = [];
  for (const name of ['Kari Nordmann', 'Ola Hansen', 'Åse Berg']) {
    const member = await createAccount(db, { companyId: owner.companyId });
    members.push(await db.user.update({ where: { id: member.id }, data: { name } }));
  }

  await openAs(page, owner, '/');
  const card = page.getByTestId('reminder-card');
  await expect(card).toContainText('3 of 4 users have not installed the Tocsin app yet', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Send reminder' }).click();

  const dialog = page.getByRole('dialog', { name: 'Remind people to install the app' });
  const people = dialog.getByRole('list', { name: 'People' });
  await expect(people.getByRole('checkbox')).toHaveCount(3);
  await expect(dialog).not.toContainText(owner.name);
  const send = dialog.getByRole('button', { name: /^Send/ });
  await expect(send).toBeDisabled();

  await dialog.getByRole('searchbox').fill('ase');
  await expect(people.getByRole('checkbox')).toHaveCount(1);
  await people.getByText('Åse Berg').click();
  await dialog.getByRole('searchbox').fill('');
  await people.getByText('Kari Nordmann').click();
  await expect(dialog).toContainText('2 people selected');
  await expect(send).toHaveText('Send to 2 people');
  await screenshot(page, testInfo, 'app-reminder-dialog');
  await send.click();

  await expect(page.getByRole('status').filter({ hasText: 'Reminder sent to 2 people' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const [kari, ola, ase] = members;
  for (const person of [kari, ase]) {
    expect(
      await db.outboundMessage.count({
        where: { channel: 'email', recipient: person.email, subject: { startsWith: 'Install the Tocsin app' } },
      }),
    ).toBe(1);
    expect(await db.outboundMessage.count({ where: { channel: 'sms', recipient: person.phone! } })).toBe(1);
  }
  expect(await db.outboundMessage.count({ where: { recipient: { in: [ola.email, ola.phone!] } } })).toBe(0);
});
