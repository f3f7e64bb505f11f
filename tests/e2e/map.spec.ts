import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

const LAYERS = ['Satellite', 'Hybrid', 'Terrain', 'Road'] as const;
/** MapLibre in software WebGL on a busy 2-core machine takes a while to draw its first frame. */
const MAP_READY = { timeout: 45_000 };

test.describe.configure({ timeout: 120_000 });

/** An owner, and two members with last known positions (one reported by a named phone, one older one before it). */
async function arrangeCompanyWithPositions() {
  const owner = await createConfirmedUser();
  const ola = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  const kari = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  await e2eDb().user.update({ where: { id: ola.id }, data: { name: 'Ola Nordmann' } });
  await e2eDb().user.update({ where: { id: kari.id }, data: { name: 'Kari Nordmann' } });
  const phone = await e2eDb().device.create({ data: { userId: ola.id, name: 'iPhone 15', platform: 'ios' } });
  await e2eDb().position.create({
    data: { userId: ola.id, deviceId: phone.id, lat: 60.0, lng: 11.0, recordedAt: new Date(Date.now() - 3_600_000) },
  });
  await e2eDb().position.create({ data: { userId: ola.id, deviceId: phone.id, lat: 59.9139, lng: 10.7522 } });
  await e2eDb().position.create({ data: { userId: kari.id, lat: 60.3913, lng: 5.3221 } });
  return { owner, member: { email: ola.email, password: owner.password } };
}

function positionsMap(page: Page): Locator {
  return page.getByTestId('positions-card').locator('[data-map-state]');
}

async function mapCenter(map: Locator): Promise<{ lat: number; lng: number }> {
  const [lat, lng] = ((await map.getAttribute('data-map-center')) ?? '0,0').split(',').map(Number);
  return { lat, lng };
}

async function chooseLayer(map: Locator, name: (typeof LAYERS)[number]) {
  await map.getByRole('button', { name: 'Layers' }).click();
  await map.getByRole('radio', { name }).click();
}

test.describe('map', () => {
  test('an admin sees the last known positions on the dashboard map, one pin per device with its name', async ({
    page,
  }, testInfo) => {
    const { owner } = await arrangeCompanyWithPositions();
    await openAs(page, owner, '/');
    const card = page.getByTestId('positions-card');
    await expect(card.getByRole('heading', { name: 'Last known positions' })).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('2 positions');
    const map = positionsMap(page);
    await expect(map).toHaveAttribute('data-map-state', 'ready', MAP_READY);
    await expect(card.getByRole('region', { name: 'Map of last known positions' })).toBeVisible();
    const pins = card.locator('[data-marker-id]');
    await expect(pins).toHaveCount(2);
    await expect(card.getByLabel('Map marker: Ola Nordmann (iPhone 15)')).toBeVisible();
    await expect(card.getByLabel('Map marker: Kari Nordmann')).toBeVisible();
    // The view fits both pins (Oslo and Bergen): its centre lies between them.
    await expect.poll(async () => (await mapCenter(map)).lng, { timeout: 5_000 }).toBeGreaterThan(6);
    expect((await mapCenter(map)).lng).toBeLessThan(10);
    await card.getByLabel('Map marker: Kari Nordmann').click();
    await expect(card.locator('.maplibregl-popup')).toHaveText(/Kari Nordmann/);
    await expect(card.getByRole('button', { name: 'Enter fullscreen' })).toBeVisible();
    await screenshot(page, testInfo, 'map-dashboard');
  });

  test('a member does not see the positions map', async ({ page }) => {
    const { member } = await arrangeCompanyWithPositions();
    await openAs(page, member, '/');
    await expect(page.getByTestId('alerts-card')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('positions-card')).toHaveCount(0);
  });

  test('the chosen layer is remembered after a reload, and each layer looks different', async ({ page }, testInfo) => {
    const { owner } = await arrangeCompanyWithPositions();
    await openAs(page, owner, '/');
    const map = positionsMap(page);
    await expect(map).toHaveAttribute('data-map-state', 'ready', MAP_READY);
    await expect(map).toHaveAttribute('data-map-layer', 'road');
    const looks = new Set<string>();
    for (const name of LAYERS) {
      await chooseLayer(map, name);
      await expect(map).toHaveAttribute('data-map-layer', name.toLowerCase());
      await page.waitForTimeout(300); // one frame of the new layer
      const shot = await map.screenshot({
        path: `test-results/screenshots/map-layer-${name.toLowerCase()}-${testInfo.project.name}.png`,
      });
      looks.add(shot.toString('base64'));
    }
    expect(looks.size).toBe(LAYERS.length);
    await chooseLayer(map, 'Satellite');
    await page.reload();
    await expect(map).toHaveAttribute('data-map-state', 'ready', MAP_READY);
    await expect(map).toHaveAttribute('data-map-layer', 'satellite');
    await map.getByRole('button', { name: 'Layers' }).click();
    await expect(map.getByRole('radio', { name: 'Satellite' })).toBeChecked();
  });

  test('the place search flies to the place found, and says when nothing is found', async ({ page }) => {
    const { owner } = await arrangeCompanyWithPositions();
    await openAs(page, owner, '/');
    const map = positionsMap(page);
    await expect(map).toHaveAttribute('data-map-state', 'ready', MAP_READY);
    const box = map.getByRole('searchbox', { name: 'Search for a place' });
    await box.fill('Trondheim');
    await box.press('Enter');
    await expect.poll(async () => (await mapCenter(map)).lat, { timeout: 10_000 }).toBeGreaterThan(63.2);
    expect((await mapCenter(map)).lng).toBeCloseTo(10.33, 0);
    await box.fill('Atlantis');
    await map.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(map.getByRole('status')).toHaveText('No results for “Atlantis”.');
  });
});
