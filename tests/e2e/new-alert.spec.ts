import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Geofence } from '@/lib/geo/geofence';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { clickMapAt, MAP_READY_MS, readyMapBox } from './support/map-clicks';
import { openAs } from './support/session';

/** An owner (professional plan: no voice), Anna with the app, Bo and Cid without, and the team Night shift (Anna, Bo). */
async function arrangeCompany() {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  const person = async (name: string) =>
    db.user.update({ where: { id: (await createAccount(db, { companyId: owner.companyId })).id }, data: { name } });
  const anna = await person('Anna Berg');
  const bo = await person('Bo Carlsen');
  const cid = await person('Cid Dahl');
  await db.device.create({
    data: { userId: anna.id, name: 'Anna phone', platform: 'android', pushToken: `token-${randomUUID()}` },
  });
  const team = await db.team.create({
    data: {
      companyId: owner.companyId,
      name: 'Night shift',
      members: { create: [{ userId: anna.id }, { userId: bo.id }] },
    },
  });
  return { owner, anna, bo, cid, team };
}

async function openNewAlert(page: Page, user: { email: string; password: string }) {
  await openAs(page, user, '/newAlert');
  await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toBeVisible({ timeout: 15_000 });
}

const reachPreview = (page: Page) => page.getByTestId('reach-preview');
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });

/** A full-page screenshot from the top (the console's bar and the reach panel stay where they belong). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, name);
}

/** Confirms the send dialog (it repeats the reach) and waits for the alert's page; the new alert's id. */
async function confirmSend(
  page: Page,
  title: string,
  reach: RegExp,
  shot?: { testInfo: TestInfo; name: string },
): Promise<string> {
  const confirm = page.getByRole('dialog', { name: `Send “${title}”?` });
  await expect(confirm).toContainText(reach);
  if (shot) await screenshot(page, shot.testInfo, shot.name);
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(page).toHaveURL(/\/alerts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test.describe('new alert', () => {
  test('an admin is told what is missing, then sends an alert to a team', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { owner, team } = await arrangeCompany();
    await openNewAlert(page, owner);
    await expect(reachPreview(page)).toContainText('4 people will be alerted'); // the whole company by default
    await shoot(page, testInfo, 'new-alert');

    // Spec §5: a title of at least 3 characters and at least one channel; nothing is sent.
    await titleField(page).fill('Ab');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Smoke in building B. Leave by the east stairs.');
    await page.getByRole('checkbox', { name: 'Push', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Send alert' }).click();
    await expect(page.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Channels is required')).toBeVisible();
    await expect(titleField(page)).toBeFocused();
    await expect(titleField(page)).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, testInfo, 'new-alert-invalid');
    expect(await e2eDb().alert.count({ where: { companyId: owner.companyId } })).toBe(0);

    // People, chosen with the picker.
    await page.getByRole('radio', { name: 'People' }).check();
    await expect(page.getByText('Recipients is required')).toBeVisible();
    await page.getByRole('button', { name: 'Choose people' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose recipients' });
    await picker.getByRole('searchbox').fill('cid');
    await picker.getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Add 1 person' }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByRole('list', { name: 'Chosen people' })).toContainText('Cid Dahl');
    await expect(page.getByText('Recipients is required')).toBeHidden();
    await expect(reachPreview(page)).toContainText('1 person will be alerted');
    // No saved locations yet: the form says where to add one.
    await page.getByRole('radio', { name: 'Locations' }).check();
    await expect(page.getByText('The company has no saved locations yet.', { exact: false })).toBeVisible();

    // Teams: at least one must be ticked.
    await page.getByRole('radio', { name: 'Teams' }).check();
    await expect(page.getByText('Teams is required')).toBeVisible();
    await page
      .getByRole('group', { name: 'Teams' })
      .getByRole('checkbox', { name: /Night shift/ })
      .check();
    await expect(page.getByText('Teams is required')).toBeHidden();

    await titleField(page).fill('Fire in building B');
    await expect(page.getByText('Title must be at least 3 characters')).toBeHidden();
    await page.getByRole('checkbox', { name: 'Push', exact: true }).check();
    await page.getByRole('checkbox', { name: 'SMS', exact: true }).check();
    await expect(page.getByText('Channels is required')).toBeHidden();
    // Voice calls need the Enterprise plan.
    await expect(page.getByRole('checkbox', { name: 'Voice call', exact: true })).toBeDisabled();
    await expect(page.getByText('Voice calls need the Enterprise plan.')).toBeVisible();

    // The reach of the team, with the warning about Bo, who has no app (spec §5).
    await expect(reachPreview(page)).toContainText('2 people will be alerted');
    await expect(reachPreview(page)).toContainText(
      '1 of the 2 people alerted has no app: they get the alert by SMS only.',
    );

    // The browser refuses the position (no permission granted here): the form says so and sends without it.
    await page.getByRole('checkbox', { name: 'Include my position' }).click();
    await expect(page.getByText('The browser was not allowed to share your position.', { exact: false })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Include my position' })).not.toBeChecked();
    await shoot(page, testInfo, 'new-alert-team');

    await page.getByRole('button', { name: 'Send alert' }).click();
    const alertId = await confirmSend(page, 'Fire in building B', /Alert by Push and SMS to 2 people\./, {
      testInfo,
      name: 'new-alert-confirm',
    });
    const alert = await e2eDb().alert.findUniqueOrThrow({ where: { id: alertId }, include: { recipients: true } });
    expect(alert).toMatchObject({
      companyId: owner.companyId,
      authorId: owner.userId,
      type: 'alert',
      status: 'active',
      title: 'Fire in building B',
      channels: ['push', 'sms'],
      containsAuthorLocation: false,
      simulationMode: false,
    });
    expect(alert.target).toMatchObject({ teams: [team.id] });
    expect(alert.recipients.filter((recipient) => recipient.inTarget)).toHaveLength(2);
  });

  test('an admin draws an area, sees who is inside, and sends an alarm with the position', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(5 * MAP_READY_MS);
    const { owner, anna, bo, cid } = await arrangeCompany();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 59.9139, longitude: 10.7522, accuracy: 12 });
    await openNewAlert(page, owner);

    await page.getByRole('radio', { name: 'Alarm', exact: true }).check();
    await titleField(page).fill('Gas leak at the harbour');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Stay indoors and close the windows.');
    await page.getByRole('radio', { name: 'Draw an area' }).check();
    const recipients = page.locator('#field-recipients');
    await readyMapBox(recipients);
    await recipients.getByRole('button', { name: 'Draw a polygon' }).click();
    const box = await readyMapBox(recipients); // measured after the click, which may have scrolled the page

    // A polygon in the lower half (the drawing hint covers the top); the reach is asked for with the drawn area.
    const corners = [
      [0.35, 0.5],
      [0.65, 0.52],
      [0.62, 0.78],
      [0.38, 0.76],
    ].map(([fx, fy]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy }));
    for (const corner of corners) await clickMapAt(page, corner.x, corner.y);
    const reachAsked = page.waitForRequest((request) => request.url().endsWith('/api/alerts/target/reach'));
    await page.keyboard.press('Enter');
    await expect(recipients.getByTestId('drawn-area')).toContainText('Polygon · 4 corners');
    const { alertTarget } = (await reachAsked).postDataJSON() as {
      alertTarget: { adHocLocation: { name: string; geofence: Geofence } };
    };
    const area = alertTarget.adHocLocation.geofence;
    if (area.type !== 'polygon') throw new Error(`expected a polygon, got ${JSON.stringify(area)}`);

    // Anna (app) and Bo (no app) were last seen inside the area, Cid far away, the owner nowhere.
    const inside = {
      lat: area.points.reduce((sum, point) => sum + point.lat, 0) / area.points.length,
      lng: area.points.reduce((sum, point) => sum + point.lng, 0) / area.points.length,
    };
    await e2eDb().position.createMany({
      data: [
        { userId: anna.id, ...inside },
        { userId: bo.id, ...inside },
        { userId: cid.id, lat: 60.39, lng: 5.32 },
      ],
    });
    // Naming the area counts again.
    await recipients.getByLabel('Name of the area (optional)').fill('Harbour');
    await expect(reachPreview(page)).toContainText('2 people will be alerted');
    // Push only on a paying plan (professional): Bo's push fails at once and the fallback SMS goes out right away.
    await expect(reachPreview(page)).toContainText(
      '1 of the 2 people alerted has no app: they get an SMS right away instead of the push (the fallback SMS of your plan).',
    );
    await expect(reachPreview(page)).toContainText('2 members are outside the area and will not be alerted.');

    await page.getByRole('checkbox', { name: 'Include my position' }).check();
    await expect(page.getByText('Your position (within 12 m) is sent with the alert.')).toBeVisible();
    await shoot(page, testInfo, 'new-alert-area');

    await page.getByRole('button', { name: 'Send alarm' }).click();
    const alertId = await confirmSend(
      page,
      'Gas leak at the harbour',
      /Alarm by Push to 2 people\. 2 members are outside the area/,
    );
    const alert = await e2eDb().alert.findUniqueOrThrow({ where: { id: alertId }, include: { recipients: true } });
    expect(alert).toMatchObject({
      type: 'alarm',
      isLocationRestricted: true,
      containsAuthorLocation: true,
      channels: ['push'],
    });
    expect(alert.authorLat).toBeCloseTo(59.9139, 3);
    expect(alert.target).toMatchObject({ adHocLocation: { name: 'Harbour', geofence: { type: 'polygon' } } });
    const alerted = alert.recipients.filter((recipient) => recipient.inTarget).map((recipient) => recipient.userId);
    expect(alerted.sort()).toEqual([anna.id, bo.id].sort());
  });

  test('an admin saves a draft with a file, opens it again and deletes it', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { owner } = await arrangeCompany();
    await openNewAlert(page, owner);
    await page.getByRole('radio', { name: 'Urgent alert', exact: true }).check();
    await titleField(page).fill('Water leak');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('The basement is flooded; do not use the lifts.');
    await page.getByRole('radio', { name: 'Teams' }).check();
    await page
      .getByRole('group', { name: 'Teams' })
      .getByRole('checkbox', { name: /Night shift/ })
      .check();
    await page.locator('#attachment-files').setInputFiles({
      name: 'evacuation-plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% a small plan\n'),
    });
    const files = page.getByRole('list', { name: 'Attached files' });
    await expect(files).toContainText('evacuation-');
    await expect(files).toContainText('Uploaded', { timeout: 15_000 });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('You are editing a saved draft.', { exact: false })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Files of the draft' })).toContainText('evacuation-');
    const draft = await e2eDb().alert.findFirstOrThrow({
      where: { companyId: owner.companyId },
      include: { attachments: true },
    });
    expect(draft).toMatchObject({ status: 'draft', type: 'urgentAlert', title: 'Water leak', sentAt: null });
    expect(draft.attachments.map((file) => file.name)).toEqual(['evacuation-plan.pdf']);

    // A new form, then the draft again from the list of drafts.
    await page.getByRole('button', { name: 'Start a new alert' }).click();
    await expect(titleField(page)).toHaveValue('');
    await page.getByRole('button', { name: 'Drafts' }).click();
    const drafts = page.getByRole('dialog', { name: 'My drafts' });
    await expect(drafts.getByRole('listitem')).toHaveCount(1);
    await expect(drafts).toContainText('Urgent alert');
    await shoot(page, testInfo, 'new-alert-drafts');
    await drafts.getByRole('button', { name: 'Open the draft Water leak' }).click();
    await expect(drafts).toBeHidden();
    await expect(titleField(page)).toHaveValue('Water leak');
    await expect(page.getByRole('radio', { name: 'Urgent alert', exact: true })).toBeChecked();
    await expect(
      page.getByRole('group', { name: 'Teams' }).getByRole('checkbox', { name: /Night shift/ }),
    ).toBeChecked();
    await expect(page.getByRole('list', { name: 'Files of the draft' })).toContainText('evacuation-');
    await expect(reachPreview(page)).toContainText('2 people will be alerted');

    // Deleting it empties the form and removes it.
    await page.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByRole('dialog', { name: 'Delete draft?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(titleField(page)).toHaveValue('');
    await expect.poll(() => e2eDb().alert.count({ where: { companyId: owner.companyId } })).toBe(0);
  });

  test('a member without admin rights is sent to the dashboard', async ({ page }) => {
    const member = await createConfirmedUser({ role: 'user' });
    await openAs(page, member, '/newAlert');
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toHaveCount(0);
  });
});
