import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Saves a full-page screenshot to test-results/screenshots/<name>-<project>.png, to be looked at. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({
    path: path.resolve('test-results/screenshots', `${name}-${testInfo.project.name}.png`),
    fullPage: true,
  });
}
