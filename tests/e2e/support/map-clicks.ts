import { expect, type Locator, type Page } from '@playwright/test';

// MapLibre renders in software here (no GPU) and shares two cores with other runs: the maps may take long to load.
export const MAP_READY_MS = 90_000;

/** The box of the map inside `container`, once MapLibre has loaded it (scrolled to the middle of the window, whole). */
export async function readyMapBox(
  container: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const map = container.locator('[data-map-state]');
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: MAP_READY_MS });
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  return box;
}

/** A click on the map, then two frames: the busy browser handles it and draws the result before the next one. */
export async function clickMapAt(page: Page, x: number, y: number): Promise<void> {
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.up();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
