import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { screenshot, screenshotOf } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { latestEmailTo } from './support/outbox';
import { openAs } from './support/session';

const openMembers = async (page: Page, user: { email: string; password: string }) => {
  await openAs(page, user, '/company/members');
  // The first page of a fresh server can take a while on a busy machine.
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible({ timeout: 15_000 });
};

const memberRow = (page: Page, name: string) => page.getByTestId('member-row').filter({ hasText: name });

/**
 * The first 6 digits ("+474" + project + 2) of phone numbers of its own for each test, so the people of one test never
 * collide with another's (users are global; the database lives for the whole run).
 */
let numberBlock = Math.floor(Math.random() * 100);
const phoneBlock = (projectName: string) =>
  `+474${projectName === 'desktop' ? 1 : 6}${String(numberBlock++ % 100).padStart(2, '0')}`;

test.describe('members', () => {
  test('an admin adds, edits, removes and restores a member', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await createConfirmedUser();
    const colleague = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
    await e2eDb().user.update({ where: { id: owner.userId }, data: { name: 'Astrid Owner' } });
    await openMembers(page, owner);
    await expect(page.getByTestId('member-row')).toHaveCount(2);
    await expect(page.getByTestId('seats')).toContainText('2 / 50');
    await expect(memberRow(page, colleague.name)).toContainText('SMS only');

    // Add: a new person, invited by e-mail.
    const block = phoneBlock(testInfo.project.name);
    const email = `new-member-${block.slice(1)}@example.test`;
    await page.getByRole('button', { name: 'Add member' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add member' });
    await addDialog.getByRole('button', { name: 'Add member' }).click();
    await expect(addDialog.getByText('Name is required')).toBeVisible();
    await addDialog.getByLabel('Name').fill('Nora Newcomer');
    await addDialog.getByLabel('E-mail').fill(email);
    await addDialog.getByLabel('Dial code').selectOption('+47');
    await addDialog.getByLabel('Phone').fill(`${block.slice(3)}9999`);
    await addDialog.getByLabel('Role').selectOption({ label: 'Administrator' });
    await addDialog.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByText('Nora Newcomer has been added')).toBeVisible();
    await expect(addDialog).toHaveCount(0);
    const added = memberRow(page, 'Nora Newcomer');
    await expect(added).toContainText('Administrator');
    await expect(added).toContainText('SMS only');
    await expect(page.getByTestId('seats')).toContainText('3 / 50');
    expect((await latestEmailTo(email)).link).toContain('/confirmEmail?token=');

    // The same person again is not added twice.
    await page.getByRole('button', { name: 'Add member' }).click();
    await addDialog.getByLabel('Name').fill('Nora Newcomer');
    await addDialog.getByLabel('E-mail').fill(email);
    await addDialog.getByLabel('Phone').fill(`${block.slice(3)}9999`);
    await addDialog.getByRole('button', { name: 'Add member' }).click();
    const notAdded = page.getByRole('dialog', { name: 'Member Not Added (user already exists)' });
    await expect(notAdded).toContainText('Already a member');
    await notAdded.getByRole('button', { name: 'OK' }).click();
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, testInfo, 'members');

    // Edit: the invited person's name (not yet accepted) and role.
    await page.getByRole('button', { name: 'Edit Nora Newcomer' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit member' });
    await editDialog.getByLabel('Name').fill('Nora Nordmann');
    await editDialog.getByLabel('Role').selectOption({ label: 'Team administrator' });
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Nora Nordmann has been saved')).toBeVisible();
    await expect(memberRow(page, 'Nora Nordmann')).toContainText('Team administrator');

    // A person who has set a password keeps their name: the server refuses, and the field says so.
    await page.getByRole('button', { name: `Edit ${colleague.name}` }).click();
    await editDialog.getByLabel('Name').fill('Someone Else');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog.getByText('This name can only be changed by the person.')).toBeVisible();
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(memberRow(page, colleague.name)).toHaveCount(1);

    // Remove, with confirmation.
    await page.getByRole('button', { name: 'Remove Nora Nordmann' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove member?' });
    await expect(confirm).toContainText('Nora Nordmann loses access to the company at once');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Nora Nordmann has been removed')).toBeVisible();
    await expect(memberRow(page, 'Nora Nordmann')).toHaveCount(0);
    await expect(page.getByTestId('seats')).toContainText('2 / 50');

    // Restore from the removed members, before the deadline.
    await page.getByLabel('Show removed members').check();
    const removed = memberRow(page, 'Nora Nordmann');
    await expect(removed).toContainText('Removed');
    await expect(removed).toContainText('Restorable until');
    await screenshot(page, testInfo, 'members-removed');
    await page.getByRole('button', { name: 'Restore Nora Nordmann' }).click();
    await expect(page.getByText('Nora Nordmann has been restored')).toBeVisible();
    await expect(memberRow(page, 'Nora Nordmann')).not.toContainText('Removed');
    await expect(page.getByTestId('seats')).toContainText('3 / 50');

    // Search.
    await page.getByLabel('Search members').fill('nordmann');
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await page.getByLabel('Search members').fill('nobody-by-this-name');
    await expect(page.getByText('No member matches “nobody-by-this-name”.')).toBeVisible();
  });

  test('a free company gets the seat message when adding a 6th member', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const owner = await createConfirmedUser();
    await e2eDb().company.update({ where: { id: owner.companyId }, data: { plan: 'free' } });
    for (let i = 0; i < 4; i++) await createAccount(e2eDb(), { companyId: owner.companyId });
    await openMembers(page, owner);
    await expect(page.getByTestId('seats')).toContainText('5 / 5');
    const block = phoneBlock(testInfo.project.name);
    await page.getByRole('button', { name: 'Add member' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add member' });
    await addDialog.getByLabel('Name').fill('Sixth Person');
    await addDialog.getByLabel('E-mail').fill(`sixth-${block.slice(1)}@example.test`);
    await addDialog.getByLabel('Dial code').selectOption('+47');
    await addDialog.getByLabel('Phone').fill(`${block.slice(3)}9999`);
    await addDialog.getByRole('button', { name: 'Add member' }).click();
    const seatDialog = page.getByRole('dialog', { name: 'No free seats' });
    await expect(seatDialog).toContainText('The free plan includes up to 5 users');
    await expect(seatDialog).toContainText('buy extra seats');
    await expect(seatDialog).toContainText('contact sales');
    await screenshot(page, testInfo, 'members-seat-limit');
    await seatDialog.getByRole('button', { name: 'OK' }).click();
    expect(await e2eDb().membership.count({ where: { companyId: owner.companyId } })).toBe(5);

    // The message leads to the seats of the company settings.
    await page.getByRole('dialog', { name: 'Add member' }).getByRole('button', { name: 'Add member' }).click();
    await seatDialog.getByRole('link', { name: 'Open the seats in the company settings' }).click();
    await expect(page).toHaveURL(/\/company\/settings#seats-heading$/);
    await expect(seatDialog).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Plan and seats' })).toContainText(
      'The free plan includes up to 5 users.',
    );
  });

  test('"Error Reading File" for a file that is not .csv/.tsv or not a table', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const owner = await createConfirmedUser();
    await openMembers(page, owner);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import members' });
    const fileInput = importDialog.getByTestId('import-file');
    await screenshot(page, testInfo, 'members-import-pick');

    await fileInput.setInputFiles({
      name: 'people.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('name,email,phone\nAda,ada@example.test,+4791234567\n'),
    });
    let errorDialog = page.getByRole('dialog', { name: 'Error Reading File' });
    await expect(errorDialog).toContainText('The file people.txt could not be read. Errors:');
    await expect(errorDialog).toContainText('Only .csv and .tsv files can be imported.');
    await screenshot(page, testInfo, 'members-import-read-error');
    await errorDialog.getByRole('button', { name: 'OK' }).click();

    await fileInput.setInputFiles({
      name: 'garbage.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x81, 0x00]),
    });
    errorDialog = page.getByRole('dialog', { name: 'Error Reading File' });
    await expect(errorDialog).toContainText('The file is not a readable table with the columns name, email and phone.');
    await errorDialog.getByRole('button', { name: 'OK' }).click();

    await fileInput.setInputFiles({
      name: 'partial.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from('name\temail\nAda\tada@example.test\n'),
    });
    await expect(page.getByRole('dialog', { name: 'Error Reading File' })).toContainText('Columns missing: phone.');
    await page.getByRole('dialog', { name: 'Error Reading File' }).getByRole('button', { name: 'OK' }).click();
    await expect(importDialog.getByText('Choose file')).toBeVisible();
  });

  test('importing 1,200 people in two batches: the preview lists exactly the bad rows, the rest are added, and again adds nobody', async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const owner = await createConfirmedUser();
    // A paying company: a free one (5 seats) would also spend the import-check budget of the client address, which every
    // test here shares (127.0.0.1), so tests would refuse each other's checks depending on their order.
    await e2eDb().company.update({ where: { id: owner.companyId }, data: { plan: 'enterprise', includedSeats: 5000 } });
    const { csv, badRows } = peopleFile(IMPORTED, phoneBlock(testInfo.project.name));
    expect(badRows).toHaveLength(IMPORTED_BAD);
    await openMembers(page, owner);

    const importOnce = async () => {
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import members' });
      await dialog
        .getByTestId('import-file')
        .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(dialog.getByTestId('import-preview')).toBeVisible({ timeout: 60_000 });
      await expect(dialog.getByTestId('batch-warning')).toHaveText(
        'This file has more people than can be added at once. They are checked and added in several batches.',
      );
      return dialog;
    };

    // First import: the preview lists exactly the bad rows with their problems.
    let dialog = await importOnce();
    await expect(dialog.getByTestId('count-new')).toContainText(String(IMPORTED_GOOD));
    await expect(dialog.getByTestId('count-invalid')).toContainText(String(IMPORTED_BAD));
    await expect(dialog.getByTestId('count-member')).toContainText('0');
    const listed = await dialog
      .getByTestId('problem-rows')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-row'))));
    expect(listed).toEqual(badRows.map((bad) => bad.row));
    for (const bad of badRows.slice(0, 5))
      await expect(dialog.locator(`tr[data-row="${bad.row}"]`)).toContainText(bad.problem);
    await screenshot(page, testInfo, 'members-import-preview');

    // Add: the progress bar moves chunk by chunk.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const record = () => {
        const bar = document.querySelector<HTMLProgressElement>('[data-testid="import-progress"]');
        if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value);
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    await dialog.getByRole('button', { name: 'Add members' }).click();
    await expect(dialog.getByTestId('import-summary')).toBeVisible({ timeout: 240_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    // It starts at 0 and moves with each chunk of 100 (the summary may replace it before the last value paints).
    expect(seen[0]).toBe(0);
    expect(seen.filter((value) => value > 0 && value < IMPORTED_GOOD).length).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.every((value) => (value % 100 === 0 && value <= IMPORTED_GOOD) || value === IMPORTED_GOOD)).toBe(true);
    await expect(dialog.getByTestId('summary-added')).toContainText(String(IMPORTED_GOOD));
    await expect(dialog.getByTestId('summary-skipped')).toContainText('0');
    await expect(dialog.getByTestId('summary-failed')).toContainText(String(IMPORTED_BAD));
    const failed = await dialog
      .getByTestId('failed-rows')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-row'))));
    expect(failed).toEqual(badRows.map((bad) => bad.row));
    await screenshot(page, testInfo, 'members-import-summary');
    const members = IMPORTED_GOOD + 1; // and the owner
    expect(await e2eDb().membership.count({ where: { companyId: owner.companyId, deletedAt: null } })).toBe(members);
    await dialog.getByRole('button', { name: 'Done' }).click();
    // All are listed (two pages of the API), not just the first 1,000.
    await expect(page.getByTestId('seats')).toContainText(`${members} / 5000`, { timeout: 20_000 });
    await expect(page.getByTestId('member-row')).toHaveCount(members);

    // The same file again: everyone is already a member, nobody is added twice.
    dialog = await importOnce();
    await expect(dialog.getByTestId('count-member')).toContainText(String(IMPORTED_GOOD));
    await expect(dialog.getByTestId('count-new')).toContainText('0');
    await dialog.getByRole('button', { name: 'Add members' }).click();
    await expect(dialog.getByTestId('import-summary')).toBeVisible({ timeout: 240_000 });
    await expect(dialog.getByTestId('summary-added')).toContainText('0');
    await expect(dialog.getByTestId('summary-skipped')).toContainText(String(IMPORTED_GOOD));
    expect(await e2eDb().membership.count({ where: { companyId: owner.companyId } })).toBe(members);
  });

  test('an import that needs more seats than are free stops and names the rows not added', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await createConfirmedUser();
    await e2eDb().company.update({
      where: { id: owner.companyId },
      data: { plan: 'professional', includedSeats: 151 },
    });
    const { csv } = peopleFile(300, phoneBlock(testInfo.project.name), { bad: false });
    await openMembers(page, owner);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import members' });
    await dialog
      .getByTestId('import-file')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The check runs in three slices of 100, on a server the other worker may be loading with the 2,000-row import:
    // the same allowance as that import's preview. (300 rows sit 2 under the company's check budget of 302:
    // lib/members/take-import-check-budget.ts allows for its estimate.)
    await expect(dialog.getByTestId('import-seat-warning')).toContainText(
      '300 people would be added, but only 150 seats are free.',
      { timeout: 60_000 },
    );
    await dialog.getByRole('button', { name: 'Add members' }).click();
    const stopped = dialog.getByTestId('import-stopped');
    await expect(stopped).toContainText('The import stopped: no free seats are left.', { timeout: 60_000 });
    await expect(stopped).toContainText(/buy extra seats/i);
    // Chunks of 100: rows 2–101 fit, the chunk of rows 102–201 needs more seats than the 50 left.
    await expect(stopped).toContainText('200 rows were not added: 102–301');
    await expect(dialog.getByTestId('summary-added')).toContainText('100');
    expect(await e2eDb().membership.count({ where: { companyId: owner.companyId, deletedAt: null } })).toBe(101);
  });

  test('any member can put a colleague on their SOS list', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const owner = await createConfirmedUser();
    await e2eDb().user.update({ where: { id: owner.userId }, data: { name: 'Astrid Owner' } });
    const member = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
    await openAs(page, { email: member.email, password: owner.password }, '/profile');
    const sos = page.getByTestId('profile-sos');
    const picker = sos.getByLabel('A member of the company');
    await expect(picker.locator('option', { hasText: 'Astrid Owner' })).toHaveCount(1, { timeout: 15_000 });
    // Nobody picks themself.
    await expect(picker.locator('option', { hasText: member.name })).toHaveCount(0);
    await picker.selectOption({ label: 'Astrid Owner' });
    await sos.getByRole('button', { name: 'Add member' }).click();
    await expect(sos.getByRole('listitem', { name: 'Contact 1' })).toContainText('Astrid Owner');
    await expect(picker.locator('option', { hasText: 'Astrid Owner' })).toHaveCount(0);
    await sos.getByRole('button', { name: 'Save SOS list' }).click();
    await expect(page.getByText('Your SOS list has been saved')).toBeVisible();
    const stored = await e2eDb().sosContact.findMany({ where: { userId: member.id } });
    expect(stored.map((contact) => contact.contactUserId)).toEqual([owner.userId]);
    await screenshotOf(sos, testInfo, 'profile-sos-member');
  });
});

/**
 * A CSV of `count` people (semicolon separated, with a role column), one in a hundred of them bad when asked: each bad row and the
 * problem the preview must name. Row numbers count the header as row 1.
 */
/**
 * The import in the browser: more rows than one batch (MAX_BATCH_SIZE, 1,000), so it runs in two; the scale of an
 * import (2,000 rows and more) is checked in the API layer (tests/api/accounts-import.test.ts).
 */
const IMPORTED = 1200;
const IMPORTED_BAD = 12;
const IMPORTED_GOOD = IMPORTED - IMPORTED_BAD;

function peopleFile(count: number, phonePrefix: string, { bad = true } = {}) {
  const lines = ['Name;E-mail;Mobile;Role'];
  const badRows: { row: number; problem: string }[] = [];
  const tag = phonePrefix.slice(1);
  for (let i = 0; i < count; i++) {
    const row = i + 2;
    let name = `Imported Person ${i}`;
    let email = `import-${tag}-${i}@example.test`;
    let phone = `${phonePrefix}${String(i).padStart(4, '0')}`;
    if (bad && i % 100 === 37) {
      const kind = ((i - 37) / 100) % 5;
      if (kind === 0) [name] = ['Al'];
      if (kind === 1) email = 'not-an-e-mail';
      if (kind === 2) phone = '12345';
      if (kind === 3) email = `import-${tag}-${i - 1}@example.test`;
      if (kind === 4) phone = `+8613800${String(i).padStart(6, '0')}`;
      badRows.push({
        row,
        problem: [
          'The name must be at least 3 characters',
          'The e-mail is not valid',
          'The phone number is not valid',
          'Same e-mail or phone as an earlier row',
          'The dial code is not supported',
        ][kind],
      });
    }
    lines.push([name, email, phone, i % 10 === 0 ? 'Admin' : 'user'].join(';'));
  }
  return { csv: lines.join('\r\n'), badRows };
}
