import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { seriousViolations } from './support/axe';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';
import { screenshot, screenshotOf } from './screenshot';

// "Contact sales" on /company/settings (issue 19). The e2e server runs like `npm start`, without SALES_EMAIL: requests
// are recorded, nobody is e-mailed, and the screen says so.

/**
 * The seats card's "Contact sales" button, clicked once the page has settled: the cards above the seats load on their
 * own and push it down, and a click during that shift lands beside it.
 */
async function openContactSales(page: Page, seats: Locator): Promise<Locator> {
  await expect(page.getByRole('region', { name: 'Country and default texts' })).toBeVisible();
  await expect(seats.getByTestId('no-sales-address')).toBeVisible();
  await seats.getByRole('button', { name: 'Contact sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact sales' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('contact sales', () => {
  // Two dialogs, a reload and two axe scans of the whole settings page: on a busy, shared machine that passes a minute.
  test.describe.configure({ timeout: 120_000 });

  test('an admin asks for more seats: the form starts there, the request is recorded and listed', async ({
    page,
  }, testInfo) => {
    const db = e2eDb();
    const owner = await createConfirmedUser();
    await db.user.update({ where: { id: owner.userId }, data: { name: 'Olga Owner' } });
    await openAs(page, owner, '/company/settings');
    const seats = page.getByRole('region', { name: 'Plan and seats' });
    await expect(seats.getByTestId('no-sales-address')).toContainText(
      'This installation of Tocsin has no sales address',
    );

    const dialog = await openContactSales(page, seats);
    await expect(dialog.getByRole('combobox', { name: 'What is it about?' })).toHaveValue('moreSeats');
    const wanted = dialog.getByRole('spinbutton', { name: 'Extra seats wanted (optional)' });
    await wanted.fill('0');
    await expect(dialog.getByText('Enter a whole number from 1 to 100000')).toBeVisible();
    await wanted.fill('25');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('We open a second depot in March.');
    await expect(dialog).toContainText('32 of 5000 characters.');
    await dialog.getByRole('textbox', { name: 'Phone (optional)' }).fill('+47 912 34 567');
    await screenshotOf(dialog, testInfo, 'contact-sales-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();

    const confirmation = page.getByRole('dialog', { name: 'Request recorded' });
    await expect(confirmation).toContainText(
      'this installation of Tocsin has no sales address, so nobody was e-mailed',
    );
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    const requests = seats.getByTestId('sales-requests');
    await expect(requests).toContainText('Olga Owner: More seats');
    await expect(requests).toContainText('recorded only, not e-mailed');
    await screenshot(page, testInfo, 'contact-sales');
    await screenshotOf(seats, testInfo, 'contact-sales-seats');

    const [stored] = await db.salesRequest.findMany({ where: { companyId: owner.companyId } });
    expect(stored.sentTo).toBeNull();
    expect(stored.fields).toEqual(
      expect.arrayContaining([
        { name: 'topic', value: 'moreSeats' },
        { name: 'seatsWanted', value: '25' },
        { name: 'message', value: 'We open a second depot in March.' },
        { name: 'phone', value: '+47 912 34 567' },
        { name: 'requesterName', value: 'Olga Owner' },
      ]),
    );
  });

  test('another plan: the plan replaces the seats field; the list shows the newest first after a reload', async ({
    page,
  }) => {
    const db = e2eDb();
    const owner = await createConfirmedUser();
    await db.user.update({ where: { id: owner.userId }, data: { name: 'Olga Owner' } });
    // An earlier request by someone whose account is gone.
    await db.salesRequest.create({
      data: {
        companyId: owner.companyId,
        fields: [{ name: 'topic', value: 'moreSeats' }],
        createdAt: new Date(Date.now() - 86_400_000),
      },
    });
    await openAs(page, owner, '/company/settings');
    const seats = page.getByRole('region', { name: 'Plan and seats' });
    const dialog = await openContactSales(page, seats);
    await dialog.getByRole('combobox', { name: 'What is it about?' }).selectOption({ label: 'Another plan' });
    await expect(dialog.getByRole('spinbutton')).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Plan wanted' }).selectOption({ label: 'Enterprise' });
    expect(await seriousViolations(page), 'axe violations on the contact sales dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('dialog', { name: 'Request recorded' }).getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await expect(seats.getByTestId('sales-requests').getByRole('listitem')).toHaveText([
      /Olga Owner: Another plan/,
      /A former member: More seats/,
    ]);
    expect(await seriousViolations(page), 'axe violations on the settings with earlier requests').toEqual([]);
    const stored = await db.salesRequest.findFirstOrThrow({
      where: { companyId: owner.companyId, userId: owner.userId },
    });
    expect(stored.fields).toEqual(
      expect.arrayContaining([
        { name: 'topic', value: 'otherPlan' },
        { name: 'planWanted', value: 'enterprise' },
      ]),
    );
  });

  test('"Something else" needs a message, and a refused request says "Error Sending Request"', async ({ page }) => {
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/company/settings');
    const seats = page.getByRole('region', { name: 'Plan and seats' });
    const dialog = await openContactSales(page, seats);
    await dialog.getByRole('combobox', { name: 'What is it about?' }).selectOption({ label: 'Something else' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Write what you need')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Can we get an invoice per department?');
    // The owner's role is taken away meanwhile: the server refuses the request.
    await e2eDb().membership.updateMany({ where: { userId: owner.userId }, data: { role: 'user' } });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const error = page.getByRole('dialog', { name: 'Error Sending Request' });
    await expect(error).toContainText('The request could not be sent.');
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('Can we get an invoice per department?');
    expect(await e2eDb().salesRequest.count({ where: { companyId: owner.companyId } })).toBe(0);
  });
});
