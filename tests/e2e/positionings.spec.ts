import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { createAccount } from '../helpers/accounts';
import { createConfirmedUser } from './support/accounts';
import { apiAs } from './support/alert-api';
import { eventHubConnected } from './support/company-events';
import { e2eDb } from './support/e2e-db';
import { MAP_READY_MS } from './support/map-clicks';
import { openAs } from './support/session';
import { screenshot } from './screenshot';

// Positioning (issue 17): an admin asks a team at a saved site for its positions, the phones answer through the device API
// (one inside the area, one outside), one stays silent and becomes not reached at the answer time (30 s in the e2e
// server), the results screen fills in live; the log lists it.

const MAIN_SITE = { lat: 59.9139, lng: 10.7522 };
const INSIDE = { lat: 59.9145, lng: 10.7531, accuracy: 12 };
const OUTSIDE = { lat: 59.95, lng: 10.9, accuracy: 40 };
const FAR_AWAY = { lat: 63.43, lng: 10.39 };

/**
 * A professional company: an admin and the team "Site crew" of four with Android phones, three last seen at the main site
 * (Cleo ten minutes ago) and Dag last seen far away.
 */
async function arrangeCompany(request: APIRequestContext) {
  const db = e2eDb();
  const admin = await createConfirmedUser({ role: 'admin' });
  await db.user.update({ where: { id: admin.userId }, data: { name: 'Ada Admin' } });
  const lastSeen = [
    { name: 'Anna Andersen', at: { lat: MAIN_SITE.lat + 0.0005, lng: MAIN_SITE.lng }, minutesAgo: 1 },
    { name: 'Bo Berg', at: { lat: MAIN_SITE.lat + 0.0005, lng: MAIN_SITE.lng }, minutesAgo: 1 },
    { name: 'Cleo Carlsen', at: { lat: MAIN_SITE.lat, lng: MAIN_SITE.lng + 0.001 }, minutesAgo: 10 },
    { name: 'Dag Dahl', at: FAR_AWAY, minutesAgo: 5 },
  ];
  const people = await Promise.all(
    lastSeen.map(async ({ name, at, minutesAgo }) => {
      const account = await createAccount(db, { companyId: admin.companyId, role: 'user', password: admin.password });
      await db.user.update({ where: { id: account.id }, data: { name } });
      await db.position.create({
        data: { userId: account.id, ...at, recordedAt: new Date(Date.now() - minutesAgo * 60_000) },
      });
      return { id: account.id, name, email: account.email, password: admin.password };
    }),
  );
  await db.team.create({
    data: {
      companyId: admin.companyId,
      name: 'Site crew',
      members: { create: people.map((person) => ({ userId: person.id })) },
    },
  });
  const adminApi = await apiAs(request, admin);
  await adminApi.post('/api/locations', {
    name: 'Main site',
    geofence: { type: 'circle', center: MAIN_SITE, radius: 500 },
  });
  return { admin, people };
}

/** A full-page screenshot from the top. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, name);
}

test.describe('positioning', () => {
  test('an admin requests positions of a team at a saved site and watches the answers arrive; the log lists it', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(3 * MAP_READY_MS + 30_000);
    const { admin, people } = await arrangeCompany(request);
    const bo = people[1];
    const phones = await Promise.all(
      people.map(async (person) => {
        const api = await apiAs(request, person);
        const { deviceId } = await api.post<{ deviceId: string }>('/api/devices', {
          name: `${person.name.split(' ')[0]} phone`,
          platform: 'android',
          pushToken: `token-${person.id}`,
        });
        return { api, deviceId };
      }),
    );

    const connected = eventHubConnected(page);
    await openAs(page, admin, '/newPositioning');
    await expect(page.getByRole('heading', { level: 1, name: 'New positioning' })).toBeVisible();

    // The reason follows the field rules of the other forms.
    const submit = page.getByRole('button', { name: 'Request positions' });
    await submit.click();
    await expect(page.getByText('Reason is required')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Reason' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Gas');
    await expect(page.getByText('Reason must be at least 4 characters')).toBeVisible();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Gas leak at the main site');

    // The target pieces of /newAlert, with the live count of the people who will be asked: the team, narrowed to
    // those at the main site.
    const reach = page.getByTestId('reach-preview');
    await expect(reach).toContainText('5 people will be asked for their position'); // the whole company by default
    await page.getByRole('radio', { name: 'Teams' }).check();
    await page
      .getByRole('group', { name: 'Teams' })
      .getByRole('checkbox', { name: /Site crew/ })
      .check();
    await expect(reach).toContainText('4 people will be asked for their position');
    await page.getByRole('checkbox', { name: 'Only those at chosen locations' }).check();
    await submit.click();
    await expect(page.getByText('Locations is required')).toBeVisible();
    await page
      .getByRole('group', { name: 'Locations' })
      .getByRole('checkbox', { name: /Main site/ })
      .check();
    await expect(page.getByText('Locations is required')).toBeHidden();
    await expect(reach).toContainText('3 people will be asked for their position');
    await expect(reach).toContainText('1 member is outside the area and will not be asked.');
    await expect(page.locator('[data-map-state]').first()).toHaveAttribute('data-map-state', 'ready', {
      timeout: MAP_READY_MS,
    });
    await shoot(page, testInfo, 'new-positioning');

    await submit.click();
    await expect(page).toHaveURL(/\/positionings\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const positioningId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: 'Gas leak at the main site' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'About this positioning' })).toContainText('Site crew');
    await expect(page.getByRole('region', { name: 'About this positioning' })).toContainText('Main site');
    const counts = page.getByRole('heading', { name: /of 4 found/ });
    await expect(counts).toHaveText(/0 of 4 found/);
    for (const name of ['Anna Andersen', 'Bo Berg', 'Cleo Carlsen'])
      await expect(page.getByTestId('group-pending')).toContainText(name);
    await expect(page.getByTestId('group-outOfTarget')).toContainText('Dag Dahl');
    await connected;

    // The phones answer through the device API while the page stays open: it fills in without a reload.
    const answer = (index: number, body: object) =>
      phones[index].api.post(`/api/devices/${phones[index].deviceId}/positionings/${positioningId}`, body);
    await answer(0, INSIDE);
    await expect(page.getByTestId('group-withinArea')).toContainText('Anna Andersen');
    await expect(page.getByTestId('group-withinArea')).toContainText('Anna phone');
    await expect(page.getByTestId('group-withinArea')).toContainText('± 12 m');
    await expect(counts).toHaveText(/1 of 4 found/);
    await answer(1, OUTSIDE);
    await expect(page.getByTestId('group-notInArea')).toContainText('Bo Berg');
    await expect(page.getByTestId('group-notInArea')).toContainText('± 40 m');
    await expect(counts).toHaveText(/2 of 4 found/);
    const stateCounts = page.getByTestId('state-counts');
    await expect(stateCounts.locator('[data-state="withinArea"]')).toHaveText(/Inside area\s*1/);
    await expect(stateCounts.locator('[data-state="notInArea"]')).toHaveText(/Not in area\s*1/);
    // Dag was not asked (last seen far away): his last known position and its age are shown.
    await expect(page.getByTestId('group-outOfTarget')).toContainText('Not asked (outside the area)');
    await expect(page.getByTestId('group-outOfTarget')).toContainText(/Last known position [5-7] minutes ago/);

    // Cleo's phone stays silent: at the answer time the worker's delayed job makes her not reached, live, with her last
    // known position and its age beside it.
    await expect(page.getByTestId('group-notReached')).toContainText('Cleo Carlsen', { timeout: 45_000 });
    await expect(page.getByTestId('group-notReached')).toContainText(/Last known position 1[0-2] minutes ago/);
    await expect(page.getByTestId('group-pending')).toHaveCount(0);
    await expect(stateCounts.locator('[data-state="notReached"]')).toHaveText(/Not reached\s*1/);
    await expect(counts).toHaveText(/2 of 4 found/);

    // Two pins on the map, each in the colour of its state, over the saved area.
    const map = page.locator('[data-map-state]');
    await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: MAP_READY_MS });
    await expect(map.locator('[data-marker-id]')).toHaveCount(2);
    await expect(map.getByRole('button', { name: /Anna Andersen: Inside area/ })).toBeVisible();
    await expect(map.getByRole('button', { name: /Bo Berg: Not in area/ })).toBeVisible();
    await shoot(page, testInfo, 'positioning-results');

    // The log: who asked, why, whom and how many were found; a row opens the results again.
    await page.getByRole('link', { name: 'Back to the positioning log' }).click();
    await expect(page).toHaveURL(/\/positionings$/);
    const card = page.getByTestId('positioning-card').filter({ hasText: 'Gas leak at the main site' });
    await expect(card).toContainText('2 of 4 found');
    await expect(card).toContainText('Asked by Ada Admin');
    await expect(card).toContainText('Site crew');
    await page.getByRole('group', { name: 'Show positionings' }).getByRole('link', { name: 'Mine' }).click();
    await expect(page).toHaveURL(/\/positionings\?scope=mine$/);
    await expect(card).toBeVisible();
    await shoot(page, testInfo, 'positioning-log');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/positionings/${positioningId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Gas leak at the main site' })).toBeVisible();

    // A member located by it sees it in their log (without opening it), and is sent away from /newPositioning.
    const memberContext = await browser.newContext({ ...testInfo.project.use });
    try {
      const memberPage = await memberContext.newPage();
      await openAs(memberPage, bo, '/positionings');
      const memberCard = memberPage.getByTestId('positioning-card').filter({ hasText: 'Gas leak at the main site' });
      await expect(memberCard).toContainText('2 of 4 found');
      await expect(memberCard).toContainText('Asked by Ada Admin');
      await expect(memberPage.getByRole('link', { name: /Gas leak at the main site/ })).toHaveCount(0);
      await expect(memberPage.getByRole('group', { name: 'Show positionings' })).toHaveCount(0);
      await shoot(memberPage, testInfo, 'positioning-log-member');
      await memberPage.goto('/newPositioning');
      await expect(memberPage).toHaveURL(/:\d+\/$/);
    } finally {
      await memberContext.close();
    }
  });

  test('an unknown or another company’s positioning is not found', async ({ page, request }) => {
    const { admin } = await arrangeCompany(request);
    const other = await createConfirmedUser({ role: 'admin' });
    const otherApi = await apiAs(request, other);
    const elsewhere = await otherApi.post<{ id: string }>('/api/positionings', {
      reason: 'Another company’s drill',
      target: { company: true },
    });
    await openAs(page, admin, `/positionings/${elsewhere.id}`);
    await expect(page.getByText('Positioning not found', { exact: true })).toBeVisible();
    await page.goto(`/positionings/${randomUUID()}`);
    await expect(page.getByText('Positioning not found', { exact: true })).toBeVisible();
  });

  test('a company on the free plan is told which plans include positioning', async ({ page }, testInfo) => {
    const db = e2eDb();
    const admin = await createConfirmedUser({ role: 'admin' });
    await db.company.update({ where: { id: admin.companyId }, data: { plan: 'free' } });
    await openAs(page, admin, '/newPositioning');
    await expect(
      page.getByText('Positioning needs the Professional or Enterprise plan', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request positions' })).toHaveCount(0);
    await shoot(page, testInfo, 'new-positioning-free-plan');
  });

  test('an error of the request is shown under "Error Requesting Positions"', async ({ page, request }) => {
    const { admin } = await arrangeCompany(request);
    await openAs(page, admin, '/newPositioning');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Gas leak at the main site');
    await expect(page.getByTestId('reach-preview')).toContainText('5 people will be asked');
    // The company's plan changes meanwhile: the request is refused.
    await e2eDb().company.update({ where: { id: admin.companyId }, data: { plan: 'free' } });
    await page.getByRole('button', { name: 'Request positions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error Requesting Positions' });
    await expect(dialog).toContainText('Your plan does not include this. Upgrade to use it');
    await expect(page).toHaveURL(/\/newPositioning$/);
  });
});
