import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { insertAlert } from '../helpers/alert-fixtures';
import { createConfirmedUser } from './support/accounts';
import { apiAs, pngPicture, screenshotFromTop } from './support/alert-api';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

// MapLibre renders in software here (no GPU) and shares two cores with other runs.
const MAP_READY_MS = 90_000;
const OSLO = { lat: 59.9139, lng: 10.7522 };

async function arrangeCompany() {
  const owner = await createConfirmedUser();
  await e2eDb().user.update({ where: { id: owner.userId }, data: { name: 'Astrid Owner' } });
  const account = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  const member = { email: account.email, password: owner.password, id: account.id, name: account.name };
  return { owner, member };
}

/** Sent through the API like the new-alert screen does: files, a saved location, a custom area and the sender's position. */
async function sendLocationAlert(page: Page, owner: { email: string; password: string }, memberId: string) {
  const api = await apiAs(page.request, owner);
  const office = await api.post<{ locationId: string }>('/api/locations', {
    name: 'Head office',
    geofence: { type: 'circle', center: OSLO, radius: 800 },
  });
  await e2eDb().position.create({ data: { userId: memberId, lat: OSLO.lat + 0.001, lng: OSLO.lng } });
  const attachments = [
    await api.upload('/api/alerts', 'evacuation-plan.png', 'image/png', pngPicture(320, 200)),
    await api.upload(
      '/api/alerts',
      'assembly-points.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4\n% a small test document\n%%EOF\n'),
    ),
  ];
  const harbour = {
    type: 'polygon',
    points: [
      { lat: 59.905, lng: 10.73 },
      { lat: 59.905, lng: 10.745 },
      { lat: 59.898, lng: 10.745 },
      { lat: 59.898, lng: 10.73 },
    ],
  };
  const sent = await api.post<{ alertId: string }>('/api/alerts/alert', {
    severity: 'urgentAlert',
    title: 'Gas leak near the harbour',
    message: 'Leave the harbour area now and gather at the assembly point by the main gate.',
    channels: ['push', 'sms'],
    target: {
      users: [memberId],
      locations: [office.locationId],
      adHocLocation: { name: 'Harbour', geofence: harbour },
    },
    position: { lat: OSLO.lat - 0.004, lng: OSLO.lng - 0.01, accuracy: 25 },
    attachments,
    simulationMode: true,
  });
  return sent.alertId;
}

test.describe.configure({ timeout: 150_000 });

test.describe('alert details', () => {
  test('show the alert with badges, target, files, map and timeline, and a comment with a file is posted', async ({
    page,
  }, testInfo) => {
    const { owner, member } = await arrangeCompany();
    const alertId = await sendLocationAlert(page, owner, member.id);
    await openAs(page, owner, `/alerts/${alertId}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Gas leak near the harbour' })).toBeVisible({
      timeout: 15_000,
    });
    const badges = page.getByTestId('alert-badges');
    await expect(badges).toContainText('Urgent alert');
    await expect(badges).toContainText('Simulation');
    await expect(page.getByTestId('alert-status')).toHaveText('Active');
    await expect(page.getByText('Leave the harbour area now')).toBeVisible();
    await expect(page.getByRole('main').getByText('Astrid Owner')).toBeVisible();
    await expect(page.getByText('Push, SMS')).toBeVisible();
    const target = page.getByTestId('alert-target');
    await expect(target).toContainText(`People: ${member.name}`);
    await expect(target).toContainText('Locations: Head office');
    await expect(target).toContainText('Custom area: Harbour');
    await expect(page.getByText("Sender's position included")).toBeVisible();
    await expect(page.getByText('1 recipient', { exact: true })).toBeVisible();

    const files = page.getByRole('list', { name: 'Attachments' }).first();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(files.getByText('evacuation-…')).toHaveAttribute('title', 'evacuation-plan.png');
    await expect(files.getByText('assembly-po…')).toBeVisible();
    await expect(files.getByText(/^\d+(\.\d)? (B|KB)$/)).toHaveCount(2);
    await expect(files.getByRole('link', { name: 'Download assembly-points.pdf' }).first()).toHaveAttribute(
      'download',
      'assembly-points.pdf',
    );

    await files.getByRole('button', { name: 'Show the picture evacuation-plan.png' }).click();
    const preview = page.getByRole('dialog');
    await expect(preview.getByRole('img', { name: 'evacuation-plan.png' })).toBeVisible();
    await expect.poll(() => preview.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const map = page.locator('[data-map-state]');
    await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: MAP_READY_MS });
    await expect(map.locator('[data-marker-id="sender"]')).toHaveCount(1);

    await expect(page.getByText('No comments yet.')).toBeVisible();
    await page.getByLabel('Your comment').fill('Everyone from floor 3 is out.');
    await page
      .getByTestId('comment-files')
      .setInputFiles({ name: 'roll-call-floor-3.png', mimeType: 'image/png', buffer: pngPicture(200, 150) });
    const pending = page.getByRole('list', { name: 'Files to send' });
    await expect(pending.getByText('roll-call-f…')).toBeVisible();
    await expect(pending.getByText(/^\d+ B$/)).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Post comment' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem').first()).toContainText('Everyone from floor 3 is out.', {
      timeout: 10_000,
    });
    await expect(timeline.getByRole('listitem').first()).toContainText('Comment');
    await expect(timeline.getByRole('button', { name: 'Show the picture roll-call-floor-3.png' })).toBeVisible();
    await expect(page.getByLabel('Your comment')).toHaveValue('');
    await expect(page.getByRole('link', { name: 'Open the delivery report' })).toHaveAttribute(
      'href',
      `/alerts/delivery/${alertId}`,
    );
    await expect(page.getByText('Your comment has been posted.')).toHaveCount(0, { timeout: 5_000 });
    await screenshotFromTop(page, testInfo, 'alert-details');
  });

  test('an update that closes the alert removes the comment box, and a closed alert is deleted after typing the phrase', async ({
    page,
  }, testInfo) => {
    const { owner, member } = await arrangeCompany();
    const alert = await insertAlert(e2eDb(), {
      companyId: owner.companyId,
      authorId: owner.userId,
      title: 'Water leak in the basement',
      recipients: [{ userId: member.id, receipts: [{ channel: 'push', state: 'delivered' }] }],
    });
    const other = await insertAlert(e2eDb(), {
      companyId: owner.companyId,
      authorId: owner.userId,
      title: 'Power outage',
    });
    await openAs(page, owner, `/alerts/${alert.id}`);

    const remove = page.getByRole('button', { name: 'Delete alert' });
    await expect(remove).toBeDisabled({ timeout: 15_000 });
    await expect(remove).toHaveAccessibleDescription('Only a closed alert can be deleted: close it first.');

    await page.getByRole('radiogroup', { name: 'Post as' }).getByText('Update').click();
    await page.getByLabel('Your update').fill('The water is off and the basement is dry again.');
    await page.getByLabel('Close the alert').check();
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByTestId('alert-status')).toHaveText('Closed', { timeout: 10_000 });
    await expect(page.getByRole('form', { name: 'Write on the timeline' })).toHaveCount(0);
    await expect(page.getByText('This alert is closed: no more comments can be written.')).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('The water is off and the basement is dry again.');
    await expect(timeline).toContainText('This update closed the alert.');
    await expect(page.getByText('by Astrid Owner')).toBeVisible();
    expect((await e2eDb().alert.findUniqueOrThrow({ where: { id: alert.id } })).status).toBe('completed');
    await screenshotFromTop(page, testInfo, 'alert-details-closed');

    await expect(remove).toBeEnabled();
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Delete this alert?' });
    await expect(confirm.getByRole('button', { name: 'Delete alert' })).toBeDisabled();
    await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.getByRole('button', { name: 'Delete alert' }).click();
    await expect(page).toHaveURL(/\/alerts$/, { timeout: 10_000 });
    expect(await e2eDb().alert.findUnique({ where: { id: alert.id } })).toBeNull();

    await page.goto(`/alerts/${other.id}`);
    await page.getByRole('button', { name: 'Close alert' }).click();
    await page.getByRole('dialog', { name: 'Close this alert?' }).getByRole('button', { name: 'Close alert' }).click();
    await expect(page.getByTestId('alert-status')).toHaveText('Closed', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Close alert' })).toHaveCount(0);
  });

  test('a recipient reads the alert and comments, without managing it', async ({ page }, testInfo) => {
    const { owner, member } = await arrangeCompany();
    const alert = await insertAlert(e2eDb(), {
      companyId: owner.companyId,
      authorId: owner.userId,
      type: 'alarm',
      title: 'Fire alarm in building C',
      recipients: [{ userId: member.id }],
    });
    await openAs(page, member, `/alerts/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fire alarm in building C' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('alert-badges')).toContainText('Alarm');
    await expect(page.getByRole('heading', { name: 'Manage the alert' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open the delivery report' })).toHaveCount(0);
    await expect(page.getByRole('radiogroup', { name: 'Post as' })).toHaveCount(0);
    await page.getByLabel('Your comment').fill('I am at the meeting point.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('I am at the meeting point.', {
      timeout: 10_000,
    });
    await screenshotFromTop(page, testInfo, 'alert-details-member');
  });

  test('an alert the user may not see is not found', async ({ page }) => {
    const { owner, member } = await arrangeCompany();
    const alert = await insertAlert(e2eDb(), {
      companyId: owner.companyId,
      authorId: owner.userId,
      title: 'Board meeting moved',
    });
    await openAs(page, member, `/alerts/${alert.id}`);
    await expect(page.getByText('Alert not found')).toBeVisible({ timeout: 15_000 });
  });
});
