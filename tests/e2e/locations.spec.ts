import { expect, test, type Locator, type Page } from '@playwright/test';
import { polygonBounds } from '@/lib/geo/geofence-bounds';
import type { Geofence } from '@/lib/geo/geofence';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

// MapLibre renders in software here (no GPU) and shares two cores with other runs: the maps may take long to load.
const MAP_READY_MS = 90_000;

/** The drawing map of the open location dialog, once MapLibre has loaded it. */
async function drawingMap(dialog: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const map = dialog.locator('[data-map-state]');
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: MAP_READY_MS });
  const box = await map.boundingBox();
  if (!box) throw new Error('the drawing map has no box');
  return box;
}

/** A click on the map, then two frames: the busy browser handles it and draws the result before the next one. */
async function clickAt(page: Page, x: number, y: number) {
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.up();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function openNewLocation(page: Page, name: string) {
  await page.getByRole('button', { name: 'New location' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New location' });
  await dialog.getByLabel('Name').fill(name);
  return dialog;
}

async function stored(companyId: string, name: string) {
  const row = await e2eDb().location.findFirstOrThrow({ where: { companyId, name } });
  return { ...row, geofence: row.geofence as unknown as Geofence };
}

test.describe('locations', () => {
  test('an admin draws a circle and a polygon, both stay after a reload, and one is deleted', async ({
    page,
  }, testInfo) => {
    test.setTimeout(5 * MAP_READY_MS);
    const owner = await createConfirmedUser();
    await openAs(page, owner, '/company/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('No locations yet')).toBeVisible();

    // Saving without an area says "Missing Geofence" and saves nothing.
    let dialog = await openNewLocation(page, 'Head office');
    await screenshot(page, testInfo, 'location-dialog');
    await dialog.getByRole('button', { name: 'Save location' }).click();
    const missing = page.getByRole('dialog', { name: 'Missing Geofence' });
    await expect(missing).toBeVisible();
    await missing.getByRole('button', { name: 'OK' }).click();
    expect(await e2eDb().location.count({ where: { companyId: owner.companyId } })).toBe(0);

    // A circle: click the centre, then the radius.
    let box = await drawingMap(dialog);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await dialog.getByRole('button', { name: 'Draw a circle' }).click();
    await clickAt(page, centre.x, centre.y);
    await clickAt(page, centre.x + Math.min(80, box.width / 4), centre.y);
    await expect(dialog.getByTestId('drawn-area')).toContainText(/Circle · Radius \d/);
    await dialog.getByRole('button', { name: 'Save location' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Locations' }).getByRole('listitem')).toHaveCount(1);

    // A polygon: four corners, then Enter to finish.
    dialog = await openNewLocation(page, 'Depot');
    box = await drawingMap(dialog);
    // In the lower half: the drawing hint covers the top of the map while drawing.
    const corners = [
      [0.35, 0.5],
      [0.65, 0.52],
      [0.62, 0.85],
      [0.38, 0.82],
    ].map(([fx, fy]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy }));
    await dialog.getByRole('button', { name: 'Draw a polygon' }).click();
    for (const corner of corners) await clickAt(page, corner.x, corner.y);
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('drawn-area')).toContainText('Polygon · 4 corners');
    await dialog.getByRole('button', { name: 'Save location' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    const list = page.getByRole('list', { name: 'Locations' });
    await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await expect(list.getByRole('listitem').nth(0)).toContainText('Depot');
    await expect(list.getByRole('listitem').nth(0)).toContainText('Polygon · 4 corners');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Head office');
    await expect(list.getByRole('listitem').nth(1)).toContainText(/Circle · Radius \d/);
    await expect(page.locator('[data-map-state]')).toHaveAttribute('data-map-state', 'ready', {
      timeout: MAP_READY_MS,
    });
    await screenshot(page, testInfo, 'locations');

    // The database holds what was drawn: a circle near the map's starting centre (Oslo), a polygon as an open ring.
    const circleRow = await stored(owner.companyId, 'Head office');
    const circle = circleRow.geofence;
    if (circle.type !== 'circle') throw new Error(`expected a circle, got ${JSON.stringify(circle)}`);
    expect(Math.abs(circle.center.lat - 59.91)).toBeLessThan(1);
    expect(Math.abs(circle.center.lng - 10.75)).toBeLessThan(2);
    expect(circle.radius).toBeGreaterThan(1_000);
    expect(circleRow.minLat).toBeLessThan(circle.center.lat);
    expect(circleRow.maxLng).toBeGreaterThan(circle.center.lng);
    const polygonRow = await stored(owner.companyId, 'Depot');
    const polygon = polygonRow.geofence;
    if (polygon.type !== 'polygon') throw new Error(`expected a polygon, got ${JSON.stringify(polygon)}`);
    expect(polygon.points).toHaveLength(4);
    // Drawn clockwise on screen from the top left: north-west, north-east, south-east, south-west.
    expect(polygon.points[0].lat).toBeGreaterThan(polygon.points[3].lat);
    expect(polygon.points[1].lng).toBeGreaterThan(polygon.points[0].lng);
    expect({
      minLat: polygonRow.minLat,
      minLng: polygonRow.minLng,
      maxLat: polygonRow.maxLat,
      maxLng: polygonRow.maxLng,
    }).toEqual(polygonBounds(polygon));

    // Rename the circle, then delete the polygon after confirming.
    await list.getByRole('button', { name: 'Edit the location Head office' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit location' });
    await expect(edit.getByTestId('drawn-area')).toContainText(/Circle · Radius \d/);
    await edit.getByLabel('Name').fill('Head office Oslo');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(list).toContainText('Head office Oslo');
    expect((await stored(owner.companyId, 'Head office Oslo')).geofence).toEqual(circle);

    await list.getByRole('button', { name: 'Delete the location Depot' }).click();
    await page.getByRole('dialog', { name: 'Delete location?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(await e2eDb().location.count({ where: { companyId: owner.companyId } })).toBe(1);
  });
});
