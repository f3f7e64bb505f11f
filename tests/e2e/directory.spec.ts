import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createAccount } from '../helpers/accounts';
import { uniquePhone } from '../helpers/phone';
import { screenshot } from './screenshot';
import { createConfirmedUser, type ConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

// /company/azureAd (issue 20): provisioning on and off, directory keys (shown once, then by prefix; deleted after a
// confirmation), the Tenant URL and the Entra setup steps, the provisioning log; and the members and teams the directory
// manages, read-only on their screens.

const SCIM_JSON = 'application/scim+json';

async function openDirectory(page: Page, admin: ConfirmedUser) {
  await openAs(page, admin, '/company/azureAd');
  await expect(page.getByRole('heading', { level: 1, name: 'Microsoft Entra ID' })).toBeVisible({ timeout: 15_000 });
}

/** Generates a key on the screen and answers it, read from the one place it is shown. */
async function generateKey(page: Page, name: string): Promise<string> {
  const keys = page.getByRole('region', { name: 'Keys' });
  await keys.getByRole('textbox', { name: 'Name (optional)' }).fill(name);
  await keys.getByRole('button', { name: 'Generate key' }).click();
  const fresh = page.getByRole('region', { name: `Your new key “${name}”` });
  await expect(fresh).toBeVisible();
  return (await fresh.getByTestId('fresh-key-value').textContent()) ?? '';
}

const memberRow = (page: Page, name: string) => page.getByTestId('member-row').filter({ hasText: name });

/** A managed member's row: the badge, and neither edit, remove nor restore. */
async function expectManagedRow(page: Page, name: string) {
  const row = memberRow(page, name);
  await expect(row.getByText('Managed by Entra ID')).toBeVisible();
  await expect(row).toContainText('Change in Entra ID');
  await expect(row.getByRole('button')).toHaveCount(0);
}

/** A managed team's card and page: the badge, its details as text, and no edit, delete or member controls. */
async function expectManagedTeam(page: Page, teamName: string, memberName: string) {
  await page.goto('/company/teams');
  const card = page.getByTestId('team-card').filter({ hasText: teamName });
  await expect(card.getByText('Managed by Entra ID')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('button')).toHaveCount(0);
  await card.getByRole('link', { name: teamName }).click();
  await expect(page.getByRole('note')).toContainText('managed by Microsoft Entra ID', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Managed by Entra ID');
  await expect(page.getByTestId('team-person').filter({ hasText: memberName })).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
}

test.describe('directory integration', () => {
  test('an admin turns provisioning on, generates a key shown once, and deletes it', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await createConfirmedUser({ role: 'admin' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDirectory(page, admin);

    // Off at first; switched on, saved at once and kept.
    const provisioning = page.getByRole('region', { name: 'Provisioning' });
    const toggle = provisioning.getByRole('checkbox', { name: 'Let Microsoft Entra ID provision members and teams' });
    await expect(toggle).not.toBeChecked();
    await expect(provisioning.getByTestId('provisioning-status')).toHaveText(
      'Provisioning is off: Entra ID’s requests are refused.',
    );
    await toggle.check();
    await expect(page.getByText('Provisioning turned on')).toBeVisible();
    await expect(provisioning.getByTestId('provisioning-status')).toContainText('Provisioning is on.');
    await expect
      .poll(async () => (await e2eDb().company.findUniqueOrThrow({ where: { id: admin.companyId } })).azureAdEnabled)
      .toBe(true);

    // The Tenant URL (this installation's public address) and the steps in the Entra admin center.
    const setup = page.getByRole('region', { name: 'Set up provisioning in Microsoft Entra ID' });
    await expect(setup.getByTestId('tenant-url')).toHaveText(`${new URL(page.url()).origin}/scim/v2`);
    // The test server's PUBLIC_URL is loopback: Entra could not reach this Tenant URL, and the section says so.
    await expect(setup.getByTestId('public-url-warning')).toContainText('other devices cannot reach it');
    await screenshot(page, testInfo, 'directory-tenant-url-warning');
    const steps = setup.getByRole('listitem');
    await expect(steps).toHaveCount(9);
    await expect(steps.nth(0)).toContainText('Enterprise applications');
    await expect(steps.nth(1)).toContainText('New application');
    await expect(steps.nth(2)).toContainText('Create your own application');
    await expect(steps.nth(3)).toContainText('Provisioning');
    await expect(steps.nth(4)).toContainText('Automatic');
    await expect(steps.nth(5)).toContainText('Tenant URL');
    await expect(steps.nth(5)).toContainText('Secret Token');
    await expect(steps.nth(6)).toContainText('Test Connection');
    await expect(steps.nth(7)).toContainText('Mappings');
    await expect(steps.nth(8)).toContainText('Start provisioning');

    // The log: nothing yet.
    const log = page.getByRole('region', { name: 'Provisioning log' });
    await expect(log.getByText('No requests yet')).toBeVisible();
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByText('No requests yet')).toBeVisible();

    // A key: shown whole once, with a copy button and the warning; the database keeps only its hash and prefix.
    const keys = page.getByRole('region', { name: 'Keys' });
    await expect(keys.getByText('No keys yet')).toBeVisible();
    const key = await generateKey(page, 'Entra production');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const fresh = page.getByRole('region', { name: 'Your new key “Entra production”' });
    await expect(fresh.getByRole('note')).toContainText('you will not see it again');
    await fresh.getByRole('button', { name: 'Copy the key' }).click();
    await expect(page.getByText('Key copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = keys.getByTestId('directory-key');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${key.slice(0, 8)}…`);
    await expect(row).toContainText('Entra production');
    await expect(row).toContainText(`by ${admin.name}`);
    await expect(row).toContainText('Never used');
    const stored = await e2eDb().directoryKey.findFirstOrThrow({ where: { companyId: admin.companyId } });
    expect(stored.keyPrefix).toBe(key.slice(0, 8));
    expect(JSON.stringify(stored)).not.toContain(key);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'directory-fresh-key');

    // After a reload: only the prefix, never the key.
    await page.reload();
    await expect(keys.getByTestId('directory-key')).toContainText(`${key.slice(0, 8)}…`, { timeout: 15_000 });
    await expect(page.getByTestId('fresh-key')).toHaveCount(0);
    await expect(page.getByText(key)).toHaveCount(0);
    await expect(toggle).toBeChecked();
    await generateKey(page, 'Entra test tenant');
    await page
      .getByRole('region', { name: 'Your new key “Entra test tenant”' })
      .getByRole('button', { name: 'I have copied it' })
      .click();
    await expect(page.getByTestId('fresh-key')).toHaveCount(0);
    await expect(keys.getByTestId('directory-key')).toHaveCount(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'directory-keys');

    // Deleting asks first; cancelled, the key stays; confirmed, it is gone.
    const productionRow = keys.getByTestId('directory-key').filter({ hasText: 'Entra production' });
    const deleteButton = productionRow.getByRole('button', {
      name: `Delete key Entra production (${key.slice(0, 8)}…)`,
    });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: `Delete key Entra production (${key.slice(0, 8)}…)?` });
    await expect(confirm).toContainText('refused from now on');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(keys.getByTestId('directory-key')).toHaveCount(2);
    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete key' }).click();
    await expect(page.getByText(`Key Entra production (${key.slice(0, 8)}…) deleted`)).toBeVisible();
    await expect(keys.getByTestId('directory-key')).toHaveCount(1);
    await expect(keys.getByTestId('directory-key')).toContainText('Entra test tenant');
    expect(await e2eDb().directoryKey.count({ where: { companyId: admin.companyId, id: stored.id } })).toBe(0);

    // Switched off again.
    await toggle.uncheck();
    await expect(page.getByText('Provisioning turned off')).toBeVisible();
    await expect(provisioning.getByTestId('provisioning-status')).toContainText('Provisioning is off');
  });

  test('members and teams the directory manages show the badge and no edit controls', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await createConfirmedUser({ role: 'admin' });
    const db = e2eDb();
    const managed = await createAccount(db, { companyId: admin.companyId });
    const managedName = `Entra Person ${randomUUID().slice(0, 6)}`;
    await db.user.update({ where: { id: managed.id }, data: { name: managedName } });
    await db.membership.updateMany({ where: { userId: managed.id }, data: { managed: true } });
    const removed = await createAccount(db, { companyId: admin.companyId });
    const removedName = `Entra Leaver ${randomUUID().slice(0, 6)}`;
    await db.user.update({ where: { id: removed.id }, data: { name: removedName } });
    await db.membership.updateMany({ where: { userId: removed.id }, data: { managed: true, deletedAt: new Date() } });
    const ordinary = await createAccount(db, { companyId: admin.companyId });
    await db.team.create({
      data: {
        companyId: admin.companyId,
        name: 'Night shift',
        description: 'Synchronised from Entra ID',
        managed: true,
        externalId: `entra-${randomUUID()}`,
        members: { create: [{ userId: managed.id }] },
      },
    });

    await openAs(page, admin, '/company/members');
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expectManagedRow(page, managedName);
    // An ordinary member keeps the controls.
    await expect(memberRow(page, ordinary.name).getByRole('button', { name: /^Edit/ })).toBeVisible();
    await expect(memberRow(page, ordinary.name).getByRole('button', { name: /^Remove/ })).toBeVisible();
    await screenshot(page, testInfo, 'directory-managed-members');
    // A managed member Entra removed comes back from Entra only: no restore here.
    await page.getByRole('checkbox', { name: 'Show removed members' }).check();
    await expect(memberRow(page, removedName)).toContainText('Removed');
    await expectManagedRow(page, removedName);

    await expectManagedTeam(page, 'Night shift', managedName);
    await expect(page.getByText('Synchronised from Entra ID')).toBeVisible();
    await screenshot(page, testInfo, 'directory-managed-team');
  });

  test('a key provisions a user and a group over SCIM; they are managed on the screens and the requests are logged', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await createConfirmedUser({ role: 'admin' });
    await openDirectory(page, admin);
    await page
      .getByRole('region', { name: 'Provisioning' })
      .getByRole('checkbox', { name: 'Let Microsoft Entra ID provision members and teams' })
      .check();
    await expect(page.getByText('Provisioning turned on')).toBeVisible();
    const key = await generateKey(page, 'Entra');

    // What Entra's provisioning service sends in its first cycle: the user, then the group, then the membership.
    const unique = randomUUID().slice(0, 8);
    const newUser = entraUser(unique);
    const user = await scim(request, key, 'POST', '/scim/v2/Users', newUser);
    expect(user.status).toBe(201);
    const group = await scim(request, key, 'POST', '/scim/v2/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      externalId: `reserve-${unique}`,
      displayName: `Naval reserve ${unique}`,
      meta: { resourceType: 'Group' },
    });
    expect(group.status).toBe(201);
    const added = await scim(request, key, 'PATCH', `/scim/v2/Groups/${group.body.id as string}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: user.body.id }] }],
    });
    expect([200, 204]).toContain(added.status);

    // Managed on the screens: the badge, no controls.
    await page.goto('/company/members');
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expectManagedRow(page, 'Grace Hopper');
    await expectManagedTeam(page, `Naval reserve ${unique}`, 'Grace Hopper');

    // The log: the three requests, newest first, as successes; and the key's last use.
    await page.goto('/company/azureAd');
    const log = page.getByRole('region', { name: 'Provisioning log' });
    const entries = log.getByTestId('provisioning-log-entry');
    await expect(entries).toHaveCount(3, { timeout: 15_000 });
    await expect(entries.nth(0)).toContainText('Update');
    await expect(entries.nth(0)).toContainText('Group');
    await expect(entries.nth(1)).toContainText('Create');
    await expect(entries.nth(1)).toContainText('Group');
    await expect(entries.nth(2)).toContainText('Create');
    await expect(entries.nth(2)).toContainText('User');
    await expect(entries.nth(2)).toContainText('Success');
    await expect(entries.nth(2)).toContainText('201');
    await expect(page.getByTestId('directory-key')).not.toContainText('Never used');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, 'directory-log');

    // A failure is logged as one: the same user again is a duplicate.
    const duplicate = await scim(request, key, 'POST', '/scim/v2/Users', newUser);
    expect(duplicate.status).toBe(409);
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText('Failed');
    await expect(entries.nth(0)).toContainText('409 · uniqueness');

    // A number that cannot be used is noted, not refused; a person with an account elsewhere is invited.
    const elsewhere = await createConfirmedUser();
    const noted = await scim(request, key, 'POST', '/scim/v2/Users', {
      ...entraUser(`${unique}-b`),
      userName: elsewhere.email,
      emails: [{ primary: true, type: 'work', value: elsewhere.email }],
      phoneNumbers: [{ type: 'mobile', value: '312-320-1707' }],
    });
    expect(noted.status).toBe(201);
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(0).getByTestId('provisioning-log-notes')).toHaveText(
      'Mobile number “312-320-1707” is not a valid number in NO: provisioned without a mobile number, reached by push and e-mail.',
    );
    await screenshot(page, testInfo, 'directory-log-notes');
    await page.goto('/company/members');
    await page.getByRole('checkbox', { name: /removed/i }).check();
    const invited = page.getByTestId('member-row').filter({ hasText: elsewhere.email });
    await expect(invited.getByText('Invitation sent')).toBeVisible({ timeout: 15_000 });
    await expect(invited).not.toContainText(elsewhere.name);
    await screenshot(page, testInfo, 'members-invited');
    await page.goto('/company/azureAd');

    // A deleted key stops working at once.
    const keyRow = page.getByTestId('directory-key');
    await keyRow.getByRole('button', { name: /^Delete key/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete key' }).click();
    await expect(keyRow).toHaveCount(0);
    expect((await scim(request, key, 'GET', '/scim/v2/Users')).status).toBe(401);
  });
});

/** A new user as Entra's provisioning service creates one (with the enterprise extension it sends). */
function entraUser(unique: string) {
  const email = `grace-${unique}@contoso.example`;
  return {
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ],
    externalId: `grace-${unique}`,
    userName: email,
    active: true,
    displayName: 'Grace Hopper',
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: 'Grace Hopper', familyName: 'Hopper', givenName: 'Grace' },
    phoneNumbers: [{ type: 'mobile', value: uniquePhone() }],
    roles: [],
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Navy' },
  };
}

/** A SCIM request as Entra sends it: its bearer key and the SCIM media type. */
async function scim(request: APIRequestContext, key: string, method: string, path: string, body?: unknown) {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': SCIM_JSON, Accept: SCIM_JSON },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}
