import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Screenshots are taken for people to look at. The whole suite (`npm test`, scripts/test-all.ts) sets
 * E2E_SCREENSHOTS=off: nobody looks at them there, and a full-page capture costs up to seconds of CPU on the shared
 * machine (a page with a map is drawn again at its full height). Assertions on pictures (map.spec.ts) do not go
 * through here and always run.
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== 'off';

const screenshotPath = (testInfo: TestInfo, name: string) =>
  path.resolve('test-results/screenshots', `${name}-${testInfo.project.name}.png`);

/** Saves a full-page screenshot to test-results/screenshots/<name>-<project>.png, to be looked at. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (screenshotsWanted) await page.screenshot({ path: screenshotPath(testInfo, name), fullPage: true });
}

/** Saves a screenshot of one part of the page to test-results/screenshots/<name>-<project>.png. */
export async function screenshotOf(part: Locator, testInfo: TestInfo, name: string): Promise<void> {
  if (screenshotsWanted) await part.screenshot({ path: screenshotPath(testInfo, name) });
}
