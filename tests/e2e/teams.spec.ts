import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

/** An owner, three members (Anna with the app) and a team managed by the directory. */
async function arrangeCompany() {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  const person = async (name: string) =>
    db.user.update({ where: { id: (await createAccount(db, { companyId: owner.companyId })).id }, data: { name } });
  const anna = await person('Anna Berg');
  const bo = await person('Bo Carlsen');
  await person('Cid Dahl');
  await db.device.create({
    data: { userId: anna.id, name: 'Anna phone', platform: 'android', pushToken: `token-${randomUUID()}` },
  });
  await db.team.create({
    data: {
      companyId: owner.companyId,
      name: 'Head office',
      description: 'Synchronised from Azure AD',
      managed: true,
      externalId: 'aad-head-office',
      members: { create: [{ userId: anna.id }, { userId: bo.id }] },
    },
  });
  return { owner, anna, bo };
}

test.describe('teams', () => {
  test('an admin creates a team, adds and removes members, and deletes it', async ({ page }, testInfo) => {
    test.setTimeout(120_000); // many round trips on a shared, busy machine
    const { owner, anna, bo } = await arrangeCompany();
    await openAs(page, owner, '/company/teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible({ timeout: 15_000 });
    const managedCard = page.getByTestId('team-card').filter({ hasText: 'Head office' });
    await expect(managedCard).toContainText('Managed by Entra ID');
    await expect(managedCard).toContainText('2 members');
    await expect(managedCard.getByRole('button', { name: /Delete/ })).toHaveCount(0);

    // Create: the form checks the name first, the server refuses a name taken in another case.
    await page.getByRole('button', { name: 'New team' }).click();
    const dialog = page.getByRole('dialog', { name: 'New team' });
    await dialog.getByLabel('Team name').fill('Ab');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await expect(dialog.getByText('Team name must be at least 3 characters')).toBeVisible();
    await dialog.getByLabel('Team name').fill('head OFFICE');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    const refused = page.getByRole('dialog', { name: 'Error creating team' });
    await expect(refused).toContainText('A team with this name already exists.');
    await refused.getByRole('button', { name: 'OK' }).click();
    await dialog.getByLabel('Team name').fill('Night shift');
    await dialog.getByLabel('Description').fill('Everyone working in building B after 22:00');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await expect(dialog).toBeHidden();

    // Creating leads on to adding members: the new team's page, with the picker open (search, then pick).
    const picker = page.getByRole('dialog', { name: 'Add members' });
    await expect(picker).toBeVisible();
    await expect(page).toHaveURL(/\/company\/teams\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Night shift');
    await picker.getByRole('searchbox').fill('ann');
    await expect(picker.getByRole('checkbox')).toHaveCount(1);
    await picker.getByRole('checkbox', { name: /Anna Berg/ }).check();
    await picker.getByRole('searchbox').fill('');
    await picker.getByRole('checkbox', { name: /Bo Carlsen/ }).check();
    await screenshot(page, testInfo, 'team-picker');
    await picker.getByRole('button', { name: 'Add 2 members' }).click();
    await expect(picker).toBeHidden();
    const people = page.getByTestId('team-person');
    await expect(people).toHaveCount(2);
    await expect(people.filter({ hasText: 'Bo Carlsen' })).toContainText('SMS only');
    await expect(people.filter({ hasText: 'Anna Berg' })).not.toContainText('SMS only');

    // Still there after a reload; then one is removed.
    await page.reload();
    await expect(people).toHaveCount(2, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Remove Bo Carlsen from the team' }).click();
    await expect(people).toHaveCount(1);
    await expect(people).toContainText('Anna Berg');
    await page.getByLabel('Description').fill('Building B, nights');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').getByText('Team saved')).toBeVisible();
    await screenshot(page, testInfo, 'team');
    const team = await e2eDb().team.findFirstOrThrow({
      where: { companyId: owner.companyId, name: 'Night shift' },
      include: { members: true },
    });
    expect(team.description).toBe('Building B, nights');
    expect(team.members.map((member) => member.userId)).toEqual([anna.id]);
    expect(team.members.some((member) => member.userId === bo.id)).toBe(false);

    // Delete it from the list, after confirming.
    await page.getByRole('link', { name: 'All teams' }).click();
    await expect(page.getByTestId('team-card').filter({ hasText: 'Night shift' })).toContainText('1 member');
    await screenshot(page, testInfo, 'teams');
    await page.getByRole('button', { name: 'Delete the team Night shift' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete team?' });
    await expect(confirm).toContainText('Its members stay in the company.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('team-card')).toHaveCount(1);
    expect(await e2eDb().team.count({ where: { companyId: owner.companyId, name: 'Night shift' } })).toBe(0);
  });

  test('a managed team is shown read-only', async ({ page }, testInfo) => {
    const { owner } = await arrangeCompany();
    const managed = await e2eDb().team.findFirstOrThrow({ where: { companyId: owner.companyId, managed: true } });
    await openAs(page, owner, `/company/teams/${managed.id}`);
    await expect(page.getByRole('note')).toContainText('managed by Microsoft Entra ID', { timeout: 15_000 });
    await expect(page.getByText('Synchronised from Azure AD')).toBeVisible();
    await expect(page.getByLabel('Team name')).toHaveCount(0);
    await expect(page.getByTestId('team-person')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Add members' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await screenshot(page, testInfo, 'team-managed');
  });
});
