import { expect, test } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';
import { screenshot, screenshotOf } from './screenshot';

// /company/settings (issue 19): the name, alert sounds and their lock, the default country and texts, the contact cycle
// (issue 36), the seats, and deleting the company.

test.describe('company settings', () => {
  test('the owner renames the company, sets sounds, defaults and extra seats; they are kept', async ({
    page,
  }, testInfo) => {
    const db = e2eDb();
    const owner = await createConfirmedUser();
    await db.user.update({ where: { id: owner.userId }, data: { name: 'Olga Owner' } });
    await db.company.update({ where: { id: owner.companyId }, data: { name: 'Fjord Ferries', includedSeats: 3 } });
    await openAs(page, owner, '/company/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible();

    // The name: checked like everywhere, saved, and shown in the company switcher.
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('Fjord Ferries');
    await name.fill('FF');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await name.fill('Fjord Ferries West');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Company name saved.')).toBeVisible();
    // The button stayed focusable while saving, so the focus is still where the person left it.
    await expect(page.getByRole('button', { name: 'Save name' })).toBeFocused();
    // The company switcher says it too (on a phone it is in the closed navigation).
    if (testInfo.project.name === 'desktop')
      await expect(page.getByRole('button', { name: /Fjord Ferries West/ }).first()).toBeVisible();

    // Sounds: alarms sound a siren, the rest the default; members cannot change it.
    const sounds = page.getByRole('region', { name: 'Alert sounds' });
    await expect(sounds.getByRole('combobox', { name: 'Alarm', exact: true })).toHaveValue('');
    await sounds.getByRole('combobox', { name: 'Alarm', exact: true }).selectOption({ label: 'Siren' });
    await sounds.getByRole('combobox', { name: 'All alerts (default)' }).selectOption({ label: 'Chime' });
    await sounds.getByRole('checkbox', { name: 'Members cannot change the sound in their app' }).check();
    await sounds.getByRole('button', { name: 'Save sounds' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    // Defaults: Sweden, and the texts with their counters.
    const defaults = page.getByRole('region', { name: 'Country and default texts' });
    await defaults.getByRole('combobox', { name: 'Default country' }).selectOption({ label: 'Sweden (+46)' });
    await defaults.getByRole('textbox', { name: 'Default SOS message' }).fill('I need help at the ferry terminal');
    await expect(defaults).toContainText('33 of 1000 characters');
    await defaults.getByRole('textbox', { name: 'Conference text' }).fill('Press 1 to join the responders');
    await defaults.getByRole('button', { name: 'Save defaults' }).click();
    await expect(page.getByText('Settings saved.').first()).toBeVisible();

    // Seats: three included, the owner adds five; the change is listed with who made it.
    const seats = page.getByRole('region', { name: 'Plan and seats' });
    await expect(seats.getByTestId('seat-facts')).toContainText('Professional');
    await expect(seats.getByTestId('seat-facts')).toContainText('1 of 3');
    const extra = seats.getByRole('spinbutton', { name: 'Extra seats' });
    await extra.fill('-2');
    await expect(seats.getByText('Extra seats must be a whole number of 0 or more')).toBeVisible();
    await expect(seats.getByRole('button', { name: 'Save seats' })).toBeDisabled();
    await extra.fill('5');
    await seats.getByRole('button', { name: 'Save seats' }).click();
    await expect(page.getByText('Extra seats saved.')).toBeVisible();
    await expect(seats.getByTestId('seat-facts')).toContainText('1 of 8');
    await expect(seats.getByTestId('seat-changes')).toContainText('Olga Owner changed the extra seats from 0 to 5');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'company-settings');

    // All of it is stored, and shown again after a reload.
    const company = await db.company.findUniqueOrThrow({ where: { id: owner.companyId } });
    expect(company).toMatchObject({
      name: 'Fjord Ferries West',
      alertSoundSettings: { alarm: 'siren', default: 'chime' },
      alertSoundLocked: true,
      defaultCountry: 'SE',
      defaultSosMessage: 'I need help at the ferry terminal',
      extraSeats: 5,
    });
    await page.reload();
    await expect(sounds.getByRole('combobox', { name: 'Alarm', exact: true })).toHaveValue('siren');
    await expect(sounds.getByRole('combobox', { name: 'SOS' })).toHaveValue('');
    await expect(sounds.getByRole('checkbox', { name: 'Members cannot change the sound in their app' })).toBeChecked();
    await expect(defaults.getByRole('combobox', { name: 'Default country' })).toHaveValue('SE');
    await expect(defaults.getByRole('textbox', { name: 'Conference text' })).toHaveValue(
      'Press 1 to join the responders',
    );

    // Phone fields start with the default country's dial code.
    await page.goto('/company/members');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Add member' }).getByRole('combobox', { name: 'Dial code' }),
    ).toHaveValue('+46');
  });

  test('the contact cycle: rounds, the call after the SMS, the next round, for every alert; kept', async ({
    page,
  }, testInfo) => {
    const db = e2eDb();
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/company/settings');
    const cycle = page.getByRole('region', { name: 'Contact cycle until confirmed' });
    const rounds = cycle.getByRole('combobox', { name: 'Rounds' });
    const callAfter = cycle.getByRole('combobox', { name: 'Call after the SMS' });
    const repeatAfter = cycle.getByRole('combobox', { name: 'Next round after the call' });
    const everyAlert = cycle.getByRole('checkbox', { name: 'For every alert, not only alarms' });
    // The defaults: two rounds, the call 3 minutes after the SMS, the next round 10 minutes after the call, alarms only.
    await expect(rounds).toHaveValue('2');
    await expect(callAfter).toHaveValue('3');
    await expect(repeatAfter).toHaveValue('10');
    await expect(everyAlert).not.toBeChecked();

    await rounds.selectOption({ label: '3 rounds' });
    await callAfter.selectOption({ label: '5 minutes' });
    await repeatAfter.selectOption({ label: '15 minutes' });
    await everyAlert.check();
    await cycle.getByRole('button', { name: 'Save contact cycle' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'company-settings-contact-cycle');

    const rows = await db.companySetting.findMany({
      where: { companyId: owner.companyId, name: { startsWith: 'contactCycle' } },
    });
    expect(Object.fromEntries(rows.map((row) => [row.name, row.value]))).toEqual({
      contactCycleRounds: 3,
      contactCycleCallAfterMinutes: 5,
      contactCycleRepeatAfterMinutes: 15,
      contactCycleAllSeverities: true,
    });
    await page.reload();
    await expect(rounds).toHaveValue('3');
    await expect(callAfter).toHaveValue('5');
    await expect(repeatAfter).toHaveValue('15');
    await expect(everyAlert).toBeChecked();
    // Off: the fallback SMS alone.
    await rounds.selectOption({ label: 'Off (fallback SMS only)' });
    await cycle.getByRole('button', { name: 'Save contact cycle' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await db.companySetting.findFirst({ where: { companyId: owner.companyId, name: 'contactCycleRounds' } }))
            ?.value,
      )
      .toBe(0);
  });

  test('answers: who is told when someone needs help, and asking again by itself; kept', async ({ page }, testInfo) => {
    const db = e2eDb();
    const owner = await createConfirmedUser();
    const firstAid = await db.team.create({ data: { companyId: owner.companyId, name: 'First aid' } });
    await openAs(page, owner, '/company/settings');
    const answers = page.getByRole('region', { name: 'Answers' });
    const who = answers.getByRole('combobox', { name: 'Who is told' });
    await expect(who).toHaveValue('', { timeout: 15_000 });
    await expect(who.locator('option')).toHaveText(['The alert’s sender and the admins', 'Team: First aid']);
    await who.selectOption({ label: 'Team: First aid' });
    const reask = answers.getByRole('combobox', { name: 'Ask again by itself' });
    await expect(reask).toHaveValue('0');
    await reask.selectOption({ label: '10 minutes after sending' });
    await answers.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await screenshotOf(answers, testInfo, 'company-settings-answers');
    expect(
      (await db.companySetting.findFirstOrThrow({ where: { companyId: owner.companyId, name: 'helpTeam' } })).value,
    ).toBe(firstAid.id);
    expect(
      (await db.companySetting.findFirstOrThrow({ where: { companyId: owner.companyId, name: 'reaskAfterMinutes' } }))
        .value,
    ).toBe(10);
    await page.reload();
    await expect(who).toHaveValue(firstAid.id, { timeout: 15_000 });
    await expect(reask).toHaveValue('10');
  });

  test('an admin who is not the owner sees the seats without changing them, and cannot delete the company', async ({
    page,
  }, testInfo) => {
    const owner = await createConfirmedUser();
    const admin = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'admin', password: owner.password });
    await openAs(page, { email: admin.email, password: owner.password }, '/company/settings');
    const seats = page.getByRole('region', { name: 'Plan and seats' });
    await expect(seats).toContainText("Only the company's owner can change the extra seats.");
    await expect(seats.getByRole('spinbutton', { name: 'Extra seats' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete company' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Alert sounds' })).toBeVisible();
    await screenshot(page, testInfo, 'company-settings-admin');
  });

  test('a failed save says "Error Saving Settings" and keeps what was typed', async ({ page }) => {
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/company/settings');
    const defaults = page.getByRole('region', { name: 'Country and default texts' });
    await defaults.getByRole('textbox', { name: 'Default SOS message' }).fill('Help, I am at the depot');
    // The owner's role is taken away meanwhile: the server refuses the change.
    await e2eDb().membership.updateMany({ where: { userId: owner.userId }, data: { role: 'user' } });
    await defaults.getByRole('button', { name: 'Save defaults' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error Saving Settings' });
    await expect(dialog).toContainText('The settings could not be saved.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(defaults.getByRole('textbox', { name: 'Default SOS message' })).toHaveValue('Help, I am at the depot');
  });

  test('the owner deletes the company after typing its name', async ({ page }) => {
    const db = e2eDb();
    const owner = await createConfirmedUser();
    await db.company.update({ where: { id: owner.companyId }, data: { name: 'Short Lived AS' } });
    await openAs(page, owner, '/company/settings');
    await page.getByRole('button', { name: 'Delete company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the company?' });
    await expect(dialog).toContainText('Short Lived AS and everything in it will no longer be available');
    const confirm = dialog.getByRole('button', { name: 'Delete company' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill('Short Lived');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill('Short Lived AS');
    await confirm.click();
    await expect(page.getByText('Short Lived AS was deleted.')).toBeVisible();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect((await db.company.findUniqueOrThrow({ where: { id: owner.companyId } })).deletedAt).not.toBeNull();
  });

  test('a member without the admin role is sent away', async ({ page }) => {
    const owner = await createConfirmedUser();
    const member = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user', password: owner.password });
    await openAs(page, { email: member.email, password: owner.password }, '/company/settings');
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});
