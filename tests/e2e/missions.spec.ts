import { expect, test } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { apiAs } from './support/alert-api';
import { closeCompanyEvents, eventHubConnected } from './support/company-events';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

/** A company with the mission feature: its owner, a second admin, and a lone worker with a phone (all log in). */
async function arrangeCompany() {
  const owner = await createConfirmedUser();
  const db = e2eDb();
  await db.company.update({ where: { id: owner.companyId }, data: { features: { push: 'mission' } } });
  await db.user.update({ where: { id: owner.userId }, data: { name: 'Astrid Owner' } });
  const named = async (name: string, role: 'admin' | 'user') =>
    db.user.update({
      where: { id: (await createAccount(db, { companyId: owner.companyId, role })).id },
      data: { name },
    });
  const admin = await named('Berit Admin', 'admin');
  const worker = await named('Walter Worker', 'user');
  return {
    owner,
    admin: { id: admin.id, email: admin.email, password: owner.password },
    worker: { id: worker.id, email: worker.email, password: owner.password },
  };
}

test.describe.configure({ timeout: 120_000 });
test.afterAll(closeCompanyEvents);

test.describe('missions', () => {
  test('a mission started in the app counts down, expires into a mission alarm, stays overdue and is finished', async ({
    page,
    request,
  }, testInfo) => {
    const { owner, worker } = await arrangeCompany();
    const phone = await apiAs(request, worker);
    const device = await phone.post<{ deviceId: string }>('/api/devices', {
      name: 'Walter’s Pixel',
      platform: 'android',
      pushToken: `fcm-token-${worker.id}`,
    });
    await phone.post(`/api/devices/${device.deviceId}/positions`, { lat: 59.9139, lng: 10.7522, accuracy: 12 });

    const connected = eventHubConnected(page);
    await openAs(page, owner, '/missions');
    await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Nobody is on a mission right now.')).toBeVisible();
    await expect(page.getByTestId('mission-subscribers-all-admins')).toContainText('All admins');
    await connected;

    // The worker starts a mission on the phone: it appears without a reload and counts down every second.
    const mission = await phone.post<{ id: string }>('/api/missions', {
      endTime: new Date(Date.now() + 20_000).toISOString(),
      description: 'Inspecting the dam',
      deviceId: device.deviceId,
    });
    const row = page.getByTestId('active-mission');
    await expect(row).toHaveCount(1, { timeout: 10_000 });
    await expect(row).toContainText('Walter Worker');
    await expect(row).toContainText('Inspecting the dam');
    const timer = row.getByRole('timer');
    await expect(timer).toHaveText(/^0 : 00 : 00 : [01]\d$/);
    const before = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 3_000 }).not.toBe(before);
    await screenshot(page, testInfo, 'missions-counting-down');

    // At its end time it expires: marked overdue, and it stays listed until someone finishes it.
    await expect(row).toContainText('Mission expired', { timeout: 30_000 });
    await expect(row).toContainText('Overdue');
    await expect(row).toHaveAttribute('data-overdue', 'true');

    // The worker raised the mission alarm, which the dashboard shows; the mission is still active there too.
    await page.goto('/');
    await expect(page.getByTestId('alerts-card')).toContainText('Mission alarm: Walter Worker', { timeout: 30_000 });
    await expect(page.getByTestId('missions-card')).toContainText('Mission expired');

    await page.goto('/missions');
    await expect(row).toContainText('Mission expired', { timeout: 15_000 });
    // The whole row fits its card: the finish button is not cut off at the card's edge.
    const card = await page.getByRole('region', { name: 'Active missions' }).boundingBox();
    const finish = await row.getByRole('button', { name: 'Finish mission of Walter Worker' }).boundingBox();
    expect(finish!.x + finish!.width).toBeLessThanOrEqual(card!.x + card!.width - 8);
    await screenshot(page, testInfo, 'missions-overdue');

    // The mission's page: its state, and where the worker was last seen, on the map, with how long ago.
    await row.getByRole('link', { name: 'Walter Worker' }).click();
    await expect(page).toHaveURL(new RegExp(`/missions/${mission.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Mission of Walter Worker' })).toBeVisible();
    await expect(page.getByTestId('mission-state')).toHaveText('Overdue');
    await expect(page.getByText('Mission alarm raised')).toBeVisible();
    await expect(page.getByTestId('mission-position-age')).toContainText(/Seen (\d+ seconds? ago|now)/);
    await expect(page.getByTestId('mission-position-age')).toContainText('from Walter’s Pixel');
    const map = page.locator('[data-map-state]');
    await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 90_000 });
    await expect(page.getByRole('region', { name: 'Map of the last known position of Walter Worker' })).toBeVisible();
    await expect(map.locator(`[data-marker-id="${worker.id}"]`)).toHaveCount(1);
    await screenshot(page, testInfo, 'mission-details-overdue');

    // Finished from the list after a confirmation: it moves to the finished missions.
    await page.getByRole('link', { name: 'All missions' }).click();
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await row.getByRole('button', { name: 'Finish mission of Walter Worker' }).click();
    const confirm = page.getByRole('dialog', { name: 'Finish mission' });
    await expect(confirm).toContainText('Finish the mission of Walter Worker?');
    await confirm.getByRole('button', { name: 'Finish mission' }).click();
    await expect(page.getByText('The mission of Walter Worker is finished')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Nobody is on a mission right now.')).toBeVisible();
    const finished = page.getByTestId('finished-mission');
    await expect(finished).toHaveCount(1);
    await expect(finished).toContainText('Inspecting the dam');
    await expect(finished).toContainText('Finished late');
    await screenshot(page, testInfo, 'missions-finished');

    await page.goto(`/missions/${mission.id}`);
    await expect(page.getByTestId('mission-state')).toHaveText('Finished', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Finish mission' })).toHaveCount(0);
  });

  test('the mission alarm subscribers are chosen with the people picker and kept', async ({ page }, testInfo) => {
    const { owner } = await arrangeCompany();
    await openAs(page, owner, '/missions');
    const section = page.getByRole('region', { name: 'Mission alarm subscribers' });
    await expect(section.getByTestId('mission-subscribers-all-admins')).toBeVisible({ timeout: 15_000 });

    await section.getByRole('button', { name: 'Choose subscribers' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose mission alarm subscribers' });
    await picker.getByRole('checkbox', { name: /Berit Admin/ }).check();
    await picker.getByRole('checkbox', { name: /Walter Worker/ }).check();
    await picker.getByRole('button', { name: 'Add 2 people' }).click();
    await expect(picker).toHaveCount(0);
    await expect(page.getByText('Mission alarm subscribers saved')).toBeVisible();
    await screenshot(page, testInfo, 'missions-subscribers');

    await page.reload();
    const subscribers = section.getByTestId('mission-subscriber');
    await expect(subscribers).toHaveText([/Berit Admin$/, /Walter Worker$/], { timeout: 15_000 });

    await section.getByRole('button', { name: 'Remove Walter Worker from the subscribers' }).click();
    await expect(subscribers).toHaveText([/Berit Admin$/]);
    await section.getByRole('button', { name: 'Remove Berit Admin from the subscribers' }).click();
    await expect(section.getByTestId('mission-subscribers-all-admins')).toContainText('All admins');
    await page.reload();
    await expect(section.getByTestId('mission-subscribers-all-admins')).toBeVisible({ timeout: 15_000 });
  });

  test('an unknown mission is not found', async ({ page }) => {
    const { owner } = await arrangeCompany();
    await openAs(page, owner, `/missions/${crypto.randomUUID()}`);
    await expect(page.getByText('Mission not found')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'All missions' })).toBeVisible();
  });

  test('a member without the admin role is sent away', async ({ page }) => {
    const { worker } = await arrangeCompany();
    await openAs(page, worker, '/missions');
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Mission alarm subscribers' })).toHaveCount(0);
  });

  test('a company without the mission feature is told so instead of shown the lists', async ({ page }) => {
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/missions');
    await expect(page.getByText('Missions are not enabled')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Active missions' })).toHaveCount(0);
  });
});
