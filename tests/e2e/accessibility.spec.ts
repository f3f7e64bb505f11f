import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { hashPassword } from '@/lib/auth/password';
import { PASSWORD } from '../helpers/accounts';
import { createPopulatedCompany, type PopulatedCompany } from '../helpers/populated-company';
import { screenshot } from './screenshot';
import { seriousViolations } from './support/axe';
import { e2eDb } from './support/e2e-db';
import { logIn, openWithSession, type StoredSession } from './support/session';

// Every console page of spec §2 and the public pages, checked with axe-core against WCAG 2.1 A and AA: no violation
// of impact serious or critical. Nothing is excluded from the scan.

let company: PopulatedCompany;
let session: StoredSession;

test.beforeAll(async ({ request }) => {
  const db = e2eDb() as PrismaClient;
  company = await createPopulatedCompany(db, 'Harbour');
  await db.user.update({
    where: { id: company.admin.user.id },
    data: { passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: new Date() },
  });
  session = await logIn(request, { email: company.admin.user.email, password: PASSWORD });
});

/** A console page, with what shows that its data has loaded. */
interface ConsolePage {
  name: string;
  path: () => string;
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const text = (shown: string) => (page: Page) => page.getByText(shown).first();

/** Console pages with maps (each drawn in software here, which takes a while). */
const MAP_PAGES: ConsolePage[] = [
  { name: 'dashboard', path: () => '/', ready: text('Harbour Fire') },
  { name: 'alert details', path: () => `/alerts/${company.alert.id}`, ready: text('Harbour All safe here') },
  { name: 'locations', path: () => '/company/locations', ready: text('Harbour Office') },
  // Ready once it has counted whom the alert would reach (the whole company by default).
  { name: 'new alert', path: () => '/newAlert', ready: (page) => page.getByText(/people will be alerted/) },
  { name: 'one mission', path: () => `/missions/${company.mission.id}`, ready: text('Harbour Night round') },
  {
    name: 'positioning results',
    path: () => `/positionings/${company.positioning.id}`,
    ready: heading('Harbour Where is everyone'),
  },
];

const ALERT_LOG: ConsolePage = { name: 'alert log', path: () => '/alerts', ready: text('Harbour Drill over') };

/** Console pages of lists and forms. */
const LIST_PAGES: ConsolePage[] = [
  ALERT_LOG,
  { name: 'active alerts', path: () => '/alerts/active', ready: text('Harbour Fire') },
  { name: 'closed alerts', path: () => '/alerts/closed', ready: text('Harbour Drill over') },
  { name: 'delivery report', path: () => `/alerts/delivery/${company.alert.id}`, ready: text('Harbour Member') },
  { name: 'members', path: () => '/company/members', ready: text('Harbour Member') },
  { name: 'teams', path: () => '/company/teams', ready: text('Harbour Team') },
  { name: 'one team', path: () => `/company/teams/${company.team.id}`, ready: text('Harbour Member') },
  { name: 'outbox', path: () => '/company/outbox', ready: text('Harbour Fire') },
  { name: 'missions', path: () => '/missions', ready: text('Harbour Night round') },
  { name: 'new company', path: () => '/newCompany', ready: (page) => page.getByRole('textbox').first() },
  { name: 'profile', path: () => '/profile', ready: text('Harbour Admin') },
  { name: 'new positioning', path: () => '/newPositioning', ready: (page) => page.getByTestId('reach-preview') },
  { name: 'positioning log', path: () => '/positionings', ready: text('Harbour Where is everyone') },
  { name: 'IoT devices', path: () => '/automation/iotDevices', ready: text('Harbour Button') },
  { name: 'scenarios', path: () => '/automation/scenarios', ready: text('Harbour Evacuation') },
  {
    name: 'one scenario',
    path: () => `/automation/scenarios/${company.scenario.id}`,
    ready: (page) => page.getByRole('checkbox', { name: /Harbour Team/ }),
  },
  {
    name: 'company settings',
    path: () => '/company/settings',
    ready: (page) => page.getByRole('combobox', { name: 'Default country' }),
  },
  {
    name: 'voice settings',
    path: () => '/company/voice',
    ready: (page) => page.getByRole('combobox', { name: 'Voice', exact: true }).and(page.locator(':enabled')),
  },
  {
    name: 'directory integration',
    path: () => '/company/azureAd',
    ready: (page) => page.getByRole('checkbox', { name: 'Let Microsoft Entra ID provision members and teams' }),
  },
];

/** How far the page scrolls sideways beyond the window (0 when it fits, as a phone layout must). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens a console page as the company's admin and waits for its data and its maps. */
async function openConsolePage(page: Page, { path, ready }: ConsolePage): Promise<void> {
  await openWithSession(page, session, path());
  await expect(ready(page)).toBeVisible({ timeout: 30_000 });
  // Maps are checked drawn (MapLibre renders in software here, slowly), with their controls in place.
  await expect(page.locator('[data-map-state="loading"]')).toHaveCount(0, { timeout: 90_000 });
}

/**
 * Checks each page in one tab, one after the other (a tab per page would load the whole application again each time),
 * and names every page with a violation instead of stopping at the first. At phone size each page must also fit the
 * width (no sideways scrolling), and is kept as a screenshot to be looked at.
 */
async function expectPagesAccessible(page: Page, pages: ConsolePage[], testInfo: TestInfo): Promise<void> {
  for (const consolePage of pages) {
    await openConsolePage(page, consolePage);
    expect.soft(await seriousViolations(page), `axe violations on ${consolePage.name}`).toEqual([]);
    if (testInfo.project.name !== 'phone') continue;
    expect.soft(await sidewaysOverflow(page), `${consolePage.name} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, `phone-layout-${consolePage.name.replaceAll(' ', '-')}`);
  }
}

test.describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violations', () => {
  test.describe.configure({ mode: 'parallel', timeout: 300_000 });

  test('console pages with maps', async ({ page }, testInfo) => {
    await expectPagesAccessible(page, MAP_PAGES, testInfo);
  });

  test('console pages of lists and forms', async ({ page }, testInfo) => {
    await expectPagesAccessible(page, LIST_PAGES, testInfo);
  });

  test('console dialogs: the new alert confirmation, the export, and on a phone the open navigation', async ({
    page,
    isMobile,
  }) => {
    await openConsolePage(
      page,
      MAP_PAGES.find((each) => each.name === 'new alert')!,
    );
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Smoke in building B');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Leave by the east stairs.');
    await page.getByRole('button', { name: 'Send alert' }).click();
    // The confirmation opens once the reach is counted again on the server, which shares two cores with map pages
    // drawn in software by the tests beside this one.
    await expect(page.getByRole('dialog', { name: 'Send “Smoke in building B”?' })).toBeVisible({ timeout: 30_000 });
    expect.soft(await seriousViolations(page), 'axe violations on the confirmation').toEqual([]);

    await openConsolePage(page, ALERT_LOG);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Export alerts' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'axe violations on the export dialog').toEqual([]);

    if (isMobile) {
      // The drawer is the phone layout.
      await openConsolePage(page, ALERT_LOG);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('navigation').first()).toBeVisible();
      expect.soft(await seriousViolations(page), 'axe violations on the open navigation').toEqual([]);
    }
  });

  test('public pages', async ({ page }, testInfo) => {
    for (const path of ['/login', '/signup', '/forgotPassword', '/loggedOut', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      expect.soft(await seriousViolations(page), `axe violations on ${path}`).toEqual([]);
      if (testInfo.project.name === 'phone')
        expect.soft(await sidewaysOverflow(page), `${path} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('skip link', () => {
  test('the first Tab reaches "Skip to main content", shown on focus; Enter moves the focus to the main region', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await openConsolePage(page, ALERT_LOG);
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await screenshot(page, testInfo, 'skip-link');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(skip).not.toBeInViewport();
    // The next Tab goes on inside the page, not back to the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });
});
