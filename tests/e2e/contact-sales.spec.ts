import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { seriousViolations } from './support/axe';
import { e2eDb } from './support/e2e-db';
import { e2eOperator } from './support/operator';
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

  test('the install’s operator answers a request, and the company’s admin reads the answer under it', async ({
    page,
    browser,
  }, testInfo) => {
    const db = e2eDb();
    const owner = await createConfirmedUser();
    const companyName = `Harbour Safety ${Date.now()}`;
    await db.company.update({ where: { id: owner.companyId }, data: { name: companyName } });
    await db.user.update({ where: { id: owner.userId }, data: { name: 'Hanne Owner', locale: 'no-nb' } });
    const request = await db.salesRequest.create({
      data: {
        companyId: owner.companyId,
        userId: owner.userId,
        sentTo: null,
        fields: [
          { name: 'topic', value: 'moreSeats' },
          { name: 'seatsWanted', value: '25' },
          { name: 'message', value: 'We open a second depot in March and need 25 more people on Tocsin.' },
          { name: 'phone', value: '+47 912 34 567' },
          { name: 'requesterName', value: 'Hanne Owner' },
          { name: 'requesterEmail', value: owner.email },
          { name: 'companyName', value: companyName },
        ],
      },
    });
    const operator = await e2eOperator();

    await openAs(page, operator, '/operator');
    const section = page.getByRole('region', { name: 'Sales requests' });
    await expect(section.getByRole('button', { name: 'Open', pressed: true })).toBeVisible({ timeout: 15_000 });
    const row = section.getByTestId('operator-sales-request').filter({ hasText: companyName });
    await expect(row).toHaveCount(1);
    for (const text of [
      'Hanne Owner',
      owner.email,
      'More seats',
      '25 extra seats wanted',
      'second depot',
      'Phone: +47',
    ]) {
      await expect(row).toContainText(text);
    }
    await row.scrollIntoViewIfNeeded();
    await screenshotOf(section, testInfo, 'operator-sales-requests');

    await row.getByRole('button', { name: `Answer ${companyName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Answer the request from ${companyName}` });
    await expect(dialog).toContainText(`The answer is e-mailed to Hanne Owner (${owner.email}) in their language`);
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect(dialog.getByText('Write the answer.')).toBeVisible();
    const answer = 'Hello Hanne,\nwe have added 25 seats from 1 March. The invoice follows.\nOlga, sales';
    await dialog.getByRole('textbox', { name: 'Answer' }).fill(answer);
    await expect(dialog).toContainText(`${answer.length} of 5000 characters.`);
    expect(await seriousViolations(page), 'axe violations on the answer dialog').toEqual([]);
    await screenshotOf(dialog, testInfo, 'operator-sales-answer-dialog');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect(page.getByText(`The answer was e-mailed to ${owner.email}.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The row stays, now with the answer and who gave it.
    await expect(row.getByTestId('sales-answer')).toContainText('we have added 25 seats from 1 March.');
    await expect(row.getByTestId('sales-answer')).toContainText(`by ${operator.name}`);
    await expect(row.getByRole('button', { name: `Answer ${companyName}` })).toHaveCount(0);
    await screenshotOf(section, testInfo, 'operator-sales-requests-answered');
    expect(await seriousViolations(page), 'axe violations on the sales requests').toEqual([]);

    // The company's plan is a click away.
    await row.getByRole('button', { name: `Change plan ${companyName}` }).click();
    const planDialog = page.getByRole('dialog', { name: `Plan of ${companyName}` });
    await expect(planDialog.getByRole('combobox', { name: 'Plan' })).toHaveValue('professional');
    await planDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(planDialog).toHaveCount(0);

    // At phone width the section fits the screen, each request a block of labelled lines.
    await page.setViewportSize({ width: 412, height: 915 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await row.scrollIntoViewIfNeeded();
    await screenshotOf(row, testInfo, 'operator-sales-request-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // The filter: gone from the open ones, among the answered ones.
    await section.getByRole('button', { name: 'Answered' }).click();
    await expect(row.getByTestId('sales-answer')).toContainText('we have added 25 seats');
    await section.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(section.getByRole('button', { name: 'Open', exact: true, pressed: true })).toBeVisible();
    await expect(row).toHaveCount(0);

    const stored = await db.salesRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored).toMatchObject({ answer, answeredById: operator.userId });
    const [email] = await db.outboundMessage.findMany({ where: { companyId: owner.companyId, channel: 'email' } });
    expect(email).toMatchObject({
      recipient: owner.email,
      subject: `Svar på salgshenvendelsen din for ${companyName}`,
    });

    // The company's owner, in another browser, reads the answer under the request.
    const ownerContext = await browser.newContext({ ...testInfo.project.use });
    try {
      const ownerPage = await ownerContext.newPage();
      await openAs(ownerPage, owner, '/company/settings?lang=en-us');
      const seats = ownerPage.getByRole('region', { name: 'Plan and seats' });
      const item = seats.getByTestId('sales-requests').getByRole('listitem');
      await expect(item).toHaveCount(1, { timeout: 15_000 });
      await expect(item).toContainText('Hanne Owner: More seats');
      await expect(item.getByTestId('sales-answer')).toContainText(`by ${operator.name}:`);
      await expect(item.getByTestId('sales-answer')).toContainText('we have added 25 seats from 1 March.');
      await screenshotOf(seats, testInfo, 'contact-sales-answered');
      expect(await seriousViolations(ownerPage), 'axe violations on the answered request').toEqual([]);
    } finally {
      await ownerContext.close();
    }
  });
});
