import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser, type ConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

/** A company with the scenario feature, its owner, and the team Night shift with the owner in it. */
async function arrangeCompany(): Promise<{ owner: ConfirmedUser; teamId: string; teamName: string }> {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  await db.company.update({ where: { id: owner.companyId }, data: { features: ['scenario'] } });
  const teamName = `Night shift ${randomUUID().slice(0, 8)}`;
  const team = await db.team.create({ data: { companyId: owner.companyId, name: teamName } });
  await db.teamMember.create({ data: { teamId: team.id, userId: owner.userId } });
  return { owner, teamId: team.id, teamName };
}

function createScenario(companyId: string, name: string, sortIndex: number, folderId: string | null = null) {
  return e2eDb().scenario.create({
    data: {
      companyId,
      name,
      alertType: 'alarm',
      title: `${name} now`,
      body: `${name}: leave the building by the nearest exit.`,
      channels: ['push'],
      target: { company: true },
      sortIndex,
      folderId,
    },
  });
}

const rowNames = (page: Page, folder: string) =>
  page
    .getByRole('list', { name: `Scenarios in ${folder}` })
    .getByTestId('scenario-row')
    .locator('strong');

async function savedOrder(companyId: string) {
  const rows = await e2eDb().scenario.findMany({ where: { companyId }, orderBy: { sortIndex: 'asc' } });
  return rows.map((row) => row.name);
}

test.describe('the scenarios screen', () => {
  test('an admin makes a folder, then a scenario with a team target in it', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const { owner, teamId, teamName } = await arrangeCompany();
    await openAs(page, owner, '/automation/scenarios');
    await expect(page.getByText('No scenarios yet')).toBeVisible({ timeout: 15_000 });

    await page.getByRole('button', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel('Folder name').fill('Fire');
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Fire', exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'New scenario' }).click();
    await expect(page).toHaveURL(/\/automation\/scenarios\/new$/);
    await page.getByRole('button', { name: 'Save scenario' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Fire in the warehouse');
    await page.getByLabel('Folder').selectOption({ label: 'Fire' });
    await page.getByRole('radio', { name: /Urgent alert/ }).check();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Fire in the warehouse');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Leave the warehouse by the nearest exit.');
    await page.getByRole('radio', { name: 'Teams' }).check();
    await page
      .getByRole('group', { name: 'Teams' })
      .getByRole('checkbox', { name: new RegExp(teamName) })
      .check();
    await page.getByRole('checkbox', { name: 'SMS', exact: true }).check();
    await page.getByLabel("Include the sender's position").check();
    await screenshot(page, testInfo, 'scenario-new');
    await page.getByRole('button', { name: 'Save scenario' }).click();

    await expect(page).toHaveURL(/\/automation\/scenarios$/, { timeout: 15_000 });
    await expect(rowNames(page, 'Fire')).toHaveText(['Fire in the warehouse']);
    const saved = await e2eDb().scenario.findFirstOrThrow({
      where: { companyId: owner.companyId },
      include: { folder: true },
    });
    expect(saved).toMatchObject({
      name: 'Fire in the warehouse',
      alertType: 'urgentAlert',
      channels: ['push', 'sms'],
      includePosition: true,
      folder: { name: 'Fire' },
    });
    expect(saved.target).toMatchObject({ teams: [teamId] });
    await screenshot(page, testInfo, 'scenarios-list');
  });

  test('an admin reorders by keyboard and by dragging; a failed save puts the order back', async ({ page }) => {
    test.setTimeout(60_000);
    const { owner } = await arrangeCompany();
    await createScenario(owner.companyId, 'Alpha', 0);
    await createScenario(owner.companyId, 'Bravo', 1);
    const charlie = await createScenario(owner.companyId, 'Charlie', 2);
    await createScenario(owner.companyId, 'Delta', 3);
    await openAs(page, owner, '/automation/scenarios');
    const names = rowNames(page, 'Without folder');
    await expect(names).toHaveText(['Alpha', 'Bravo', 'Charlie', 'Delta'], { timeout: 15_000 });
    // The first three are on the app's front page, and marked so.
    const marked = page.getByTestId('scenario-row').filter({ has: page.getByTestId('front-page-scenario') });
    await expect(marked.locator('strong')).toHaveText(['Alpha', 'Bravo', 'Charlie']);

    await page.getByRole('button', { name: 'Move Bravo up' }).focus();
    await page.keyboard.press('Enter');
    await expect(names).toHaveText(['Bravo', 'Alpha', 'Charlie', 'Delta']);
    await expect(page.getByText('The new order was saved.')).toBeVisible();
    expect(await savedOrder(owner.companyId)).toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta']);

    const rows = page.getByRole('list', { name: 'Scenarios in Without folder' }).getByTestId('scenario-row');
    await rows.nth(3).dragTo(rows.nth(0));
    await expect(names).toHaveText(['Delta', 'Bravo', 'Alpha', 'Charlie']);
    await expect.poll(() => savedOrder(owner.companyId)).toEqual(['Delta', 'Bravo', 'Alpha', 'Charlie']);
    await expect(marked.locator('strong')).toHaveText(['Delta', 'Bravo', 'Alpha']);

    // Charlie goes away behind the screen's back: the order it sends no longer names every scenario.
    await e2eDb().scenario.delete({ where: { id: charlie.id } });
    await page.getByRole('button', { name: 'Move Alpha up' }).click();
    const error = page.getByRole('dialog', { name: 'Scenario sort order cannot be updated' });
    await expect(error).toBeVisible();
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(names).toHaveText(['Delta', 'Bravo', 'Alpha', 'Charlie']);
    expect(await savedOrder(owner.companyId)).toEqual(['Delta', 'Bravo', 'Alpha']);
  });

  test('an admin starts a scenario here and lands on its alert', async ({ page }) => {
    const { owner } = await arrangeCompany();
    const drill = await createScenario(owner.companyId, 'Evacuation drill', 0);
    await openAs(page, owner, '/automation/scenarios');
    await page.getByRole('button', { name: 'Start Evacuation drill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Evacuation drill' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/alerts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const alert = await e2eDb().alert.findFirstOrThrow({ where: { scenarioId: drill.id } });
    expect(page.url()).toContain(`/alerts/${alert.id}`);
  });

  test('an admin edits a scenario, then deletes it after confirming', async ({ page }, testInfo) => {
    // Upload, two saves, two deletes: slow on a shared core.
    test.setTimeout(90_000);
    const { owner } = await arrangeCompany();
    const folder = await e2eDb().scenarioFolder.create({ data: { companyId: owner.companyId, name: 'Weather' } });
    const storm = await createScenario(owner.companyId, 'Storm', 0, folder.id);
    await openAs(page, owner, '/automation/scenarios');
    await page.getByRole('link', { name: 'Edit Storm' }).click();
    await expect(page).toHaveURL(new RegExp(`/automation/scenarios/${storm.id}$`));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Storm', { timeout: 15_000 });
    await expect(page.getByLabel('Folder')).toHaveValue(folder.id);
    await screenshot(page, testInfo, 'scenario-edit');

    await page.locator('#attachment-files').setInputFiles({
      name: 'storm-plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% where to shelter\n'),
    });
    await expect(page.getByText(/Uploaded/)).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Name', { exact: true }).fill('Heavy storm');
    await page.getByLabel('Folder').selectOption({ label: 'Without folder' });
    await page.getByRole('button', { name: 'Save scenario' }).click();
    await expect(page).toHaveURL(/\/automation\/scenarios$/, { timeout: 15_000 });
    await expect(rowNames(page, 'Without folder')).toHaveText(['Heavy storm']);
    expect(
      await e2eDb().scenario.findUniqueOrThrow({ where: { id: storm.id }, include: { attachments: true } }),
    ).toMatchObject({
      name: 'Heavy storm',
      folderId: null,
      attachments: [{ name: 'storm-plan.pdf', contentType: 'application/pdf' }],
    });

    await page.getByRole('button', { name: 'Delete folder Weather' }).click();
    await page.getByRole('dialog', { name: 'Delete folder Weather?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Weather' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Edit Heavy storm' }).click();
    // The saved file is listed and can be taken off.
    await expect(page.getByRole('button', { name: 'Remove storm-plan.pdf' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete the scenario Heavy storm?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/automation\/scenarios$/, { timeout: 15_000 });
    await expect(page.getByText('No scenarios yet')).toBeVisible();
    expect(await e2eDb().scenario.count({ where: { id: storm.id } })).toBe(0);
  });

  test('a failed save says Error Saving Scenario', async ({ page }) => {
    const { owner, teamId } = await arrangeCompany();
    const patrol = await createScenario(owner.companyId, 'Patrol', 0);
    await openAs(page, owner, `/automation/scenarios/${patrol.id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Patrol', { timeout: 15_000 });
    await page.getByRole('radio', { name: 'Teams' }).check();
    await page.getByRole('group', { name: 'Teams' }).getByRole('checkbox').first().check();
    await e2eDb().team.delete({ where: { id: teamId } });
    await page.getByRole('button', { name: 'Save scenario' }).click();
    const error = page.getByRole('dialog', { name: 'Error Saving Scenario' });
    await expect(error).toContainText('The scenario could not be saved.');
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(new RegExp(`/automation/scenarios/${patrol.id}$`));
  });

  test('a member without the admin role is sent away', async ({ page }) => {
    const { owner } = await arrangeCompany();
    const member = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
    await openAs(page, { email: member.email, password: owner.password }, '/automation/scenarios');
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'New scenario' })).toHaveCount(0);
  });

  test('a company without the scenario feature is told so', async ({ page }, testInfo) => {
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/automation/scenarios');
    await expect(page.getByText('Scenarios are not enabled')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'New scenario' })).toHaveCount(0);
    await screenshot(page, testInfo, 'scenarios-feature-off');
  });
});
