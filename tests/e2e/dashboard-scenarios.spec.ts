import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { Prisma } from '@/lib/generated/prisma/client';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser, type ConfirmedUser } from './support/accounts';
import { apiAs } from './support/alert-api';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

/** A company with the scenario feature and its owner. */
async function companyWithScenarios(): Promise<ConfirmedUser> {
  const owner = await createConfirmedUser();
  await e2eDb().company.update({ where: { id: owner.companyId }, data: { features: ['scenario'] } });
  return owner;
}

function createScenario(
  companyId: string,
  data: {
    name: string;
    description?: string;
    alertType?: 'alarm' | 'alert';
    target?: Prisma.InputJsonValue;
    sortIndex?: number;
  },
) {
  return e2eDb().scenario.create({
    data: {
      companyId,
      name: data.name,
      description: data.description ?? null,
      alertType: data.alertType ?? 'alarm',
      title: `${data.name} now`,
      body: `${data.name}: leave the building by the nearest exit and meet at the assembly point.`,
      channels: ['push', 'sms'],
      target: data.target ?? { company: true },
      sortIndex: data.sortIndex ?? 0,
    },
  });
}

async function openStartForm(page: Page, name: string) {
  const card = page.getByTestId('scenarios-card');
  await card.getByRole('button', { name: `Start ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Start ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('scenarios on the dashboard', () => {
  test('an admin starts a scenario with an edited title and lands on the new alert', async ({ page }, testInfo) => {
    const owner = await companyWithScenarios();
    const fire = await createScenario(owner.companyId, {
      name: 'Fire',
      description: 'Fire anywhere on the premises',
      sortIndex: 0,
    });
    await createScenario(owner.companyId, {
      name: 'Intruder',
      description: 'Someone unauthorised on site',
      alertType: 'alert',
      sortIndex: 1,
    });

    await openAs(page, owner, '/');
    const card = page.getByTestId('scenarios-card');
    const rows = card.getByRole('listitem');
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    await expect(rows.nth(0)).toContainText('Fire anywhere on the premises');
    await expect(rows.nth(0).getByRole('img', { name: 'Alarm' })).toBeVisible();
    await expect(rows.nth(1).getByRole('img', { name: 'Urgent alert' })).toBeVisible();
    await expect(rows.nth(0).getByRole('link', { name: 'Edit Fire' })).toHaveAttribute(
      'href',
      `/automation/scenarios/${fire.id}`,
    );
    await screenshot(page, testInfo, 'dashboard-scenarios-card');

    const dialog = await openStartForm(page, 'Fire');
    await expect(dialog.getByLabel('Title')).toHaveValue('Fire now');
    await expect(dialog.getByLabel('Message')).toHaveValue(fire.body);
    await expect(dialog).toContainText('by Push and SMS');
    await screenshot(page, testInfo, 'dashboard-scenario-start');
    await dialog.getByLabel('Title').fill('Fire in building A');
    await dialog.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Scenario Fire started' })).toBeVisible();
    await expect(page).toHaveURL(/\/alerts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const alert = await e2eDb().alert.findFirstOrThrow({ where: { scenarioId: fire.id } });
    expect(page.url()).toContain(`/alerts/${alert.id}`);
    expect(alert).toMatchObject({
      type: 'alarm',
      title: 'Fire in building A',
      message: fire.body,
      companyId: owner.companyId,
    });
    await expect(page.getByText('Fire in building A').first()).toBeVisible({ timeout: 15_000 });
  });

  test('a scenario whose team was deleted says it has no valid recipients and cannot be sent', async ({
    page,
  }, testInfo) => {
    const owner = await companyWithScenarios();
    await createScenario(owner.companyId, { name: 'Gas leak', target: { teams: [randomUUID()] } });

    await openAs(page, owner, '/');
    const dialog = await openStartForm(page, 'Gas leak');
    await expect(dialog.getByRole('alert')).toHaveText(
      'The scenario has no valid recipients. Edit the scenario and choose who gets the alert.',
    );
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await screenshot(page, testInfo, 'dashboard-scenario-no-recipients');
  });

  test('the start form checks the title and message, and shows the server error when the target vanished meanwhile', async ({
    page,
  }) => {
    // Many steps on the admin dashboard, whose position map (WebGL in software) keeps a shared core busy.
    test.setTimeout(60_000);
    const owner = await companyWithScenarios();
    const team = await e2eDb().team.create({ data: { companyId: owner.companyId, name: `Guards ${randomUUID()}` } });
    await e2eDb().teamMember.create({ data: { teamId: team.id, userId: owner.userId } });
    const scenario = await createScenario(owner.companyId, { name: 'Bomb threat', target: { teams: [team.id] } });

    await openAs(page, owner, '/');
    const dialog = await openStartForm(page, 'Bomb threat');
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeEnabled();
    await dialog.getByLabel('Title').fill('Bo');
    await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Message').fill('  ');
    await expect(dialog.getByText('Message is required')).toBeVisible();
    await dialog.getByLabel('Title').fill('Bomb threat in the lobby');
    await dialog.getByLabel('Message').fill('Leave the lobby now.');
    await expect(send).toBeEnabled();

    await e2eDb().team.delete({ where: { id: team.id } });
    await send.click();
    const error = page.getByRole('dialog', { name: 'Error Sending Alert' });
    await expect(error).toContainText('The scenario could not be started.');
    await expect(error).toContainText('The scenario has no valid recipients');
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await e2eDb().alert.count({ where: { scenarioId: scenario.id } })).toBe(0);
  });

  test('an admin deletes a scenario after confirming', async ({ page }) => {
    const owner = await companyWithScenarios();
    const drill = await createScenario(owner.companyId, { name: 'Evacuation drill' });
    await createScenario(owner.companyId, { name: 'Flood', sortIndex: 1 });

    await openAs(page, owner, '/');
    const card = page.getByTestId('scenarios-card');
    await expect(card.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });

    await card.getByRole('button', { name: 'Delete Evacuation drill' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the scenario Evacuation drill?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(await e2eDb().scenario.count({ where: { id: drill.id } })).toBe(1);

    await card.getByRole('button', { name: 'Delete Evacuation drill' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Scenario Evacuation drill deleted' })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(1);
    await expect(card).not.toContainText('Evacuation drill');
    expect(await e2eDb().scenario.count({ where: { id: drill.id } })).toBe(0);
  });

  test('the card follows scenarios made, renamed or deleted elsewhere, without a reload', async ({ page, request }) => {
    const owner = await companyWithScenarios();
    await openAs(page, owner, '/');
    const card = page.getByTestId('scenarios-card');
    await expect(card).toContainText('No scenarios yet.', { timeout: 15_000 });
    const elsewhere = await apiAs(request, owner);
    const created = await elsewhere.post<{ id: string }>('/api/scenarios/customer', {
      name: 'Gas leak',
      alertType: 1,
      alertData: { title: 'Gas leak', body: 'Leave building B now', target: { company: true } },
      channels: ['push'],
    });
    await expect(card.getByRole('listitem')).toHaveText([/Gas leak/], { timeout: 15_000 });
    await elsewhere.put(`/api/scenarios/customer/${created.id}`, {
      name: 'Gas leak in B',
      alertType: 1,
      alertData: { title: 'Gas leak', body: 'Leave building B now', target: { company: true } },
      channels: ['push'],
    });
    await expect(card.getByRole('listitem')).toHaveText([/Gas leak in B/], { timeout: 15_000 });
  });

  test('an admin of a company without scenarios sees the empty card', async ({ page }) => {
    const owner = await companyWithScenarios();
    await openAs(page, owner, '/');
    await expect(page.getByTestId('scenarios-card')).toContainText('No scenarios yet.', { timeout: 15_000 });
  });

  test('a plain user sees no scenarios card', async ({ page }) => {
    const owner = await companyWithScenarios();
    await createScenario(owner.companyId, { name: 'Fire' });
    const member = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
    await openAs(page, { email: member.email, password: owner.password }, '/');
    await expect(page.getByTestId('alerts-card')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('scenarios-card')).toHaveCount(0);
  });

  test('an admin of a company without the scenario feature sees no scenarios card', async ({ page }) => {
    const owner = await createConfirmedUser();
    await createScenario(owner.companyId, { name: 'Fire' });
    await openAs(page, owner, '/');
    await expect(page.getByTestId('alerts-card')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('scenarios-card')).toHaveCount(0);
  });
});
