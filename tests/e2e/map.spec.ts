import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { e2eServerInfo } from './support/e2e-server-info';
import { MAP_READY_MS, readyMapBox } from './support/map-clicks';
import { openAs } from './support/session';

const LAYERS = ['Satellite', 'Hybrid', 'Terrain', 'Road'] as const;
/** MapLibre in software WebGL on a busy 2-core machine takes a while to draw its first frame. */
const MAP_READY = { timeout: MAP_READY_MS };

test.describe.configure({ timeout: 3 * MAP_READY_MS });

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

/** The share of the map's pixels in about this colour (the fake tile service paints each style in one colour). */
async function shareOfColour(page: Page, map: Locator, [red, green, blue]: readonly number[]): Promise<number> {
  const png = (await map.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, red, green, blue }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let near = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i] - red) + Math.abs(data[i + 1] - green) + Math.abs(data[i + 2] - blue) < 24) near += 1;
      return near / (data.length / 4);
    },
    { png, red, green, blue },
  );
}

const ROAD_TILE = [236, 228, 206];
const TERRAIN_TILE = [196, 214, 156];
const OFFLINE_NOTE = 'Street map unavailable — showing the built-in offline map.';

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

  test('many positions show as numbered clusters; zoomed in on one, as pins', async ({ page }, testInfo) => {
    const owner = await createConfirmedUser();
    const crowd = 320;
    const key = `crowd-${owner.companyId}`;
    await e2eDb().user.createMany({
      data: Array.from({ length: crowd }, (_, n) => ({ email: `${key}-${n}@example.test`, name: `Crowd ${n}` })),
    });
    const people = await e2eDb().user.findMany({ where: { email: { startsWith: `${key}-` } }, select: { id: true } });
    await e2eDb().membership.createMany({
      data: people.map((person) => ({ companyId: owner.companyId, userId: person.id })),
    });
    // A grid of 20 × 16 people over about 33 km × 27 km around Oslo.
    await e2eDb().position.createMany({
      data: people.map((person, n) => ({
        userId: person.id,
        lat: 59.75 + (n % 20) * 0.015,
        lng: 10.5 + Math.floor(n / 20) * 0.03,
      })),
    });
    await openAs(page, owner, '/');
    const card = page.getByTestId('positions-card');
    await expect(card).toContainText(`${crowd} positions`, { timeout: 15_000 });
    await readyMapBox(card);
    const clusters = card.locator('[data-cluster-count]');
    const pins = card.locator('[data-marker-id]');
    await expect(clusters.first()).toBeVisible({ timeout: 15_000 });
    await expect(pins).toHaveCount(0);
    const counts = async () => await clusters.evaluateAll((all) => all.map((one) => Number(one.dataset.clusterCount)));
    await expect.poll(async () => (await counts()).reduce((sum, count) => sum + count, 0)).toBe(crowd);
    await expect(clusters.first()).toHaveAccessibleName(/positions here; zoom in$/);
    await screenshot(page, testInfo, 'map-dashboard-clusters');

    // Each click on a cluster zooms in two levels on it; soon few enough are in view to show them one by one.
    for (let zoomIns = 0; zoomIns < 4 && (await pins.count()) === 0; zoomIns += 1) {
      await clusters.first().click();
      await expect
        .poll(async () => (await pins.count()) > 0 || (await clusters.count()) > 0, { timeout: 15_000 })
        .toBe(true);
      await page.waitForTimeout(1_000);
    }
    await expect(pins.first()).toBeVisible({ timeout: 15_000 });
    expect(await pins.count()).toBeLessThanOrEqual(300);
    await expect(card.getByLabel(/^Map marker: Crowd \d+$/).first()).toBeVisible();
    await screenshot(page, testInfo, 'map-dashboard-points');
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

  test('the map draws the tiles of the tile service, with the credit of the layer shown', async ({
    page,
  }, testInfo) => {
    const { tilesUrl } = e2eServerInfo();
    const tiles: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(tilesUrl) && response.status() === 200) tiles.push(response.url());
    });
    const { owner } = await arrangeCompanyWithPositions();
    await openAs(page, owner, '/');
    const map = positionsMap(page);
    await expect(map).toHaveAttribute('data-map-state', 'ready', MAP_READY);
    await expect(map).toHaveAttribute('data-map-base', 'tiles');
    expect(tiles.some((url) => url.startsWith(`${tilesUrl}/road/`))).toBe(true);
    await expect(map.locator('.maplibregl-ctrl-attrib-inner')).toHaveText('© Test Streets');
    await expect.poll(() => shareOfColour(page, map, ROAD_TILE), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await expect(map.getByText(OFFLINE_NOTE)).toHaveCount(0);
    await screenshot(page, testInfo, 'map-tiles');

    await chooseLayer(map, 'Terrain');
    await expect(map.locator('.maplibregl-ctrl-attrib-inner')).toHaveText('© Test Terrain');
    await expect.poll(() => shareOfColour(page, map, TERRAIN_TILE), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(tiles.some((url) => url.startsWith(`${tilesUrl}/terrain/`))).toBe(true);
    await chooseLayer(map, 'Hybrid');
    await expect(map.locator('.maplibregl-ctrl-attrib-inner')).toHaveText('© Test Imagery and Places');
    await expect.poll(() => tiles.some((url) => url.startsWith(`${tilesUrl}/labels/`)), { timeout: 10_000 }).toBe(true);
  });

  // The air-gapped install: the tile service (by default a public one on the internet) cannot be used.
  const failures = {
    unreachable: (route: Route) => route.abort('connectionrefused'),
    'answering errors': (route: Route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    'not answering': () => undefined,
  };
  for (const [failure, answer] of Object.entries(failures)) {
    test(`with the tile service ${failure}, the map shows the built-in offline map and says so`, async ({
      page,
    }, testInfo) => {
      const { tilesUrl } = e2eServerInfo();
      await page.route(`${tilesUrl}/**`, answer);
      const { owner } = await arrangeCompanyWithPositions();
      await openAs(page, owner, '/');
      const map = positionsMap(page);
      await expect(map.getByText(OFFLINE_NOTE)).toBeVisible(MAP_READY);
      await expect(map).toHaveAttribute('data-map-state', 'ready', MAP_READY);
      await expect(map).toHaveAttribute('data-map-base', 'offline');
      await expect(map.locator('.maplibregl-ctrl-attrib-inner')).toHaveText('Natural Earth');
      await expect(page.getByTestId('positions-card').locator('[data-marker-id]')).toHaveCount(2);
      expect(await shareOfColour(page, map, ROAD_TILE)).toBeLessThan(0.01);
      await screenshot(page, testInfo, `map-offline-${failure.replace(' ', '-')}`);
      if (failure !== 'unreachable') return;

      // The next map in this tab starts on the offline map at once, without trying the tiles again.
      let tried = 0;
      await page.unroute(`${tilesUrl}/**`);
      await page.route(`${tilesUrl}/**`, (route) => {
        tried += 1;
        return route.abort('connectionrefused');
      });
      await page.goto('/company/locations');
      await page.getByRole('button', { name: 'New location' }).first().click();
      const dialogMap = page.getByRole('dialog', { name: 'New location' }).locator('[data-map-state]');
      await expect(dialogMap).toHaveAttribute('data-map-state', 'ready', MAP_READY);
      await expect(dialogMap.getByText(OFFLINE_NOTE)).toBeVisible();
      expect(tried).toBe(0);
    });
  }

  test('the page shows its content before the map is ready', async ({ page }) => {
    const { owner } = await arrangeCompanyWithPositions();
    const harbour = { lat: 59.9, lng: 10.73 };
    await e2eDb().location.create({
      data: {
        companyId: owner.companyId,
        name: 'Harbour',
        geofence: { type: 'circle', center: harbour, radius: 500 },
        minLat: harbour.lat - 0.01,
        maxLat: harbour.lat + 0.01,
        minLng: harbour.lng - 0.01,
        maxLng: harbour.lng + 0.01,
      },
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The map waits for its configuration: held back until the rest of the page has been checked.
    await page.route('**/api/map/config', async (route) => {
      await held;
      await route.continue();
    });
    await openAs(page, owner, '/');
    await expect(page.getByTestId('alerts-card')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('positions-card')).toContainText('2 positions');
    await expect(positionsMap(page)).toHaveAttribute('data-map-state', 'loading');
    await expect(positionsMap(page).getByText('Loading the map…')).toBeVisible();

    await page.goto('/company/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('list', { name: 'Locations' })).toContainText('Harbour');
    await expect(page.locator('[data-map-state]')).toHaveAttribute('data-map-state', 'loading');
    release();
    await expect(page.locator('[data-map-state]')).toHaveAttribute('data-map-state', 'ready', MAP_READY);
  });

  test('a circle is drawn by pressing at the centre, dragging out the radius and releasing', async ({
    page,
  }, testInfo) => {
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/company/locations');
    await page.getByRole('button', { name: 'New location' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New location' });
    await dialog.getByLabel('Name').fill('Harbour');
    const box = await readyMapBox(dialog);
    await dialog.getByRole('button', { name: 'Draw a circle' }).click();
    await expect(dialog.getByText('Press at the centre, drag out the radius and release. Esc cancels.')).toBeVisible();
    const centre = { x: box.x + box.width / 2, y: box.y + box.height * 0.6 };
    const radius = Math.min(70, box.width / 4);
    await page.mouse.move(centre.x, centre.y, { steps: 2 });
    await page.mouse.down();
    await page.mouse.move(centre.x + radius / 2, centre.y, { steps: 4 });
    await page.mouse.move(centre.x + radius, centre.y, { steps: 4 });
    await page.mouse.up();
    await expect(dialog.getByTestId('drawn-area')).toContainText(/Circle · Radius \d/);
    await expect(dialog.getByRole('button', { name: 'Delete the area' })).toBeEnabled();
    await screenshot(page, testInfo, 'map-circle-drag');
    await dialog.getByRole('button', { name: 'Save location' }).click();
    await expect(dialog).toBeHidden();
    const row = await e2eDb().location.findFirstOrThrow({ where: { companyId: owner.companyId, name: 'Harbour' } });
    // About 70 pixels at zoom 6: tens of kilometres. Had the map panned with the drag, the radius would be near 0.
    const geofence = row.geofence as { type: string; radius: number; center: { lat: number; lng: number } };
    expect(geofence.type).toBe('circle');
    expect(geofence.radius).toBeGreaterThan(20_000);
    expect(Math.abs(geofence.center.lng - 10.75)).toBeLessThan(1);
  });
});
