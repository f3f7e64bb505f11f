import { expect, test, type Page, type WebSocket } from '@playwright/test';
import type { AlertType } from '@/lib/generated/prisma/enums';
import { createAccount } from '../helpers/accounts';
import { screenshot } from './screenshot';
import { createConfirmedUser } from './support/accounts';
import { apiAs } from './support/alert-api';
import {
  announceCompanyEvent,
  caughtUpAfterConnecting,
  closeCompanyEvents,
  eventHubConnected,
} from './support/company-events';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

const DAY = 24 * 60 * 60 * 1000;

async function sendAlert(
  companyId: string,
  authorId: string,
  title: string,
  options: { daysAgo?: number; type?: AlertType; recipientIds?: string[]; status?: 'active' | 'completed' } = {},
) {
  const alert = await e2eDb().alert.create({
    data: {
      companyId,
      authorId,
      type: options.type ?? 'alert',
      status: options.status ?? 'active',
      title,
      message: `${title}: please follow the instructions of the emergency team and stay where you are until further notice.`,
      target: { company: true },
      sentAt: new Date(Date.now() - (options.daysAgo ?? 0) * DAY),
      isLocationRestricted: options.type === 'alarm',
      containsAuthorLocation: options.type === 'sos',
    },
  });
  for (const userId of options.recipientIds ?? [])
    await e2eDb().alertRecipient.create({ data: { alertId: alert.id, companyId, userId, createdAt: alert.sentAt! } });
  return alert;
}

/** A company with an owner, a plain member, alerts over the last weeks and two missions (one already past its end). */
async function arrangeCompany() {
  const owner = await createConfirmedUser();
  const member = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  await e2eDb().user.update({ where: { id: owner.userId }, data: { name: 'Astrid Owner' } });
  const history: [string, number, AlertType][] = [
    ['Water leak in building B', 40, 'alert'],
    ['Fire drill', 25, 'alarm'],
    ['Power outage', 12, 'alert'],
    ['Storm warning', 3, 'alert'],
  ];
  for (const [title, daysAgo, type] of history)
    await sendAlert(owner.companyId, owner.userId, title, { daysAgo, type, status: 'completed' });
  await sendAlert(owner.companyId, member.id, 'SOS from the warehouse', {
    daysAgo: 1,
    type: 'sos',
    recipientIds: [owner.userId],
  });
  await sendAlert(owner.companyId, owner.userId, 'Gas smell on floor 2', { type: 'alarm', recipientIds: [member.id] });
  await e2eDb().mission.create({
    data: { companyId: owner.companyId, userId: member.id, endTime: new Date(Date.now() + 2 * DAY + 3 * 3600_000) },
  });
  await e2eDb().mission.create({
    data: { companyId: owner.companyId, userId: owner.userId, endTime: new Date(Date.now() - 60_000) },
  });
  const worker = await createAccount(e2eDb(), { companyId: owner.companyId, role: 'user' });
  await e2eDb().company.update({ where: { id: owner.companyId }, data: { features: { push: 'mission' } } });
  return {
    owner,
    member: { email: member.email, password: owner.password, id: member.id, name: member.name },
    worker: { email: worker.email, password: owner.password },
  };
}

test.afterAll(closeCompanyEvents);

/**
 * Whether the card has pulsed since this call: a pulse lasts one second, shorter than Playwright's polling interval
 * grows to, so the page itself records the class change.
 */
async function recordPulses(page: Page, testId: string): Promise<() => Promise<boolean>> {
  const flag = `pulsed-${testId}`;
  await page.evaluate(
    ({ testId, flag }) => {
      const card = document.querySelector(`[data-testid="${testId}"]`) as HTMLElement;
      const record = window as unknown as Record<string, boolean>;
      record[flag] = false;
      new MutationObserver(() => {
        if (/pulse/.test(card.className)) record[flag] = true;
      }).observe(card, { attributes: true, attributeFilter: ['class'] });
    },
    { testId, flag },
  );
  return () => page.evaluate((flag) => (window as unknown as Record<string, boolean>)[flag], flag);
}

test.describe('dashboard', () => {
  test('an admin sees alerts, summary, chart and missions, and a new alert appears without a reload', async ({
    page,
    request,
  }, testInfo) => {
    const { owner, worker } = await arrangeCompany();
    const connected = eventHubConnected(page);
    const caughtUp = caughtUpAfterConnecting(page, '/api/dash/data', '/api/dash/');
    await openAs(page, owner, '/');
    const alertsCard = page.getByTestId('alerts-card');
    // The first page of a fresh server can take a while on a busy machine.
    await expect(alertsCard.getByRole('heading', { name: 'Latest alerts' })).toBeVisible({ timeout: 15_000 });
    await expect(alertsCard.getByRole('listitem')).toHaveCount(5);
    await expect(alertsCard.getByRole('link').first()).toContainText('Gas smell on floor 2');
    await expect(page.getByTestId('active-alerts-count')).toHaveText('2 active alerts');
    await expect(page.getByTestId('summary-card')).toContainText('Professional');
    await expect(page.getByTestId('summary-card')).toContainText('3 of 50');
    await expect(page.getByTestId('chart-card')).toContainText('6 alerts');
    const missions = page.getByTestId('missions-card');
    // With units on the card (the missions screen keeps the spec's "2 : 03 : 04 : 05"), and its end time.
    await expect(missions.getByRole('timer')).toHaveText(/^2d [23]h \d+m \d+s$/);
    await expect(missions).toContainText(/ends \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    await expect(missions).toContainText('Mission expired');
    const before = await missions.getByRole('timer').textContent();
    await expect.poll(() => missions.getByRole('timer').textContent(), { timeout: 3_000 }).not.toBe(before);
    await expect(page.getByTestId('reminder-card')).toContainText('3 of 3 users have not installed the Tocsin app yet');
    await expect(alertsCard.getByRole('link').first()).toHaveAttribute('href', /^\/alerts\/[0-9a-f-]{36}$/);
    // No FCM and no Twilio on this installation: the admin is warned about the channels of a Professional company.
    await expect(page.getByTestId('channels-not-sending').locator('li')).toHaveText([
      /^Push to the mobile app/,
      /^SMS: no SMS provider/,
    ]);
    await screenshot(page, testInfo, 'dashboard-admin');

    await connected;
    await caughtUp();
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
    const alertsPulsed = await recordPulses(page, 'alerts-card');
    const missionsPulsed = await recordPulses(page, 'missions-card');
    // A new alert comes with its event (dashboardAlert): the dashboard asks nothing for it; a mission event reloads
    // the missions alone.
    const reloads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/dash/')) reloads.push(pathname);
    });
    await (
      await apiAs(request, owner)
    ).post('/api/alerts/alert', {
      title: 'Evacuate the east wing',
      message: 'Leave by the west stairs and meet at the gate.',
      channels: ['push', 'sms'],
      target: { company: true },
    });
    await expect.poll(alertsPulsed).toBe(true);
    await expect(alertsCard.getByRole('link').first()).toContainText('Evacuate the east wing', { timeout: 10_000 });
    await expect(page.getByTestId('active-alerts-count')).toHaveText('3 active alerts');
    await expect(page.getByTestId('chart-card')).toContainText('7 alerts');
    expect(reloads).toEqual([]);
    await screenshot(page, testInfo, 'dashboard-admin-after-new-alert');

    const workerApi = await apiAs(request, worker);
    const mission = await workerApi.post<{ id: string }>('/api/missions', {
      endTime: new Date(Date.now() + 3600_000).toISOString(),
      description: 'Inspecting the dam',
    });
    await expect.poll(missionsPulsed).toBe(true);
    await expect(missions.getByRole('timer')).toHaveCount(2, { timeout: 10_000 });
    expect(reloads).toEqual(['/api/dash/missions']);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
      true,
    );

    // The navigation's active-mission badge follows missions on any page (on a phone the navigation is a closed drawer).
    if (testInfo.project.name === 'phone') return;
    const badge = page.locator('#console-navigation .nav-badge');
    await expect(badge).toHaveText('3');
    await page.getByRole('link', { name: 'Alert log' }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(badge).toHaveText('3');
    await workerApi.put(`/api/missions/${mission.id}/finish`);
    await expect(badge).toHaveText('2', { timeout: 10_000 });
  });

  test('a non-admin sees only the alerts card, the summary and the chart, with their own alerts', async ({
    page,
    request,
  }, testInfo) => {
    const { owner, member } = await arrangeCompany();
    let hub: WebSocket | undefined;
    page.on('websocket', (socket) => {
      if (socket.url().includes('/eventHub')) hub = socket;
    });
    const connected = eventHubConnected(page);
    const caughtUp = caughtUpAfterConnecting(page, '/api/dash/data', '/api/dash/');
    await openAs(page, member, '/');
    const alertsCard = page.getByTestId('alerts-card');
    await expect(alertsCard.getByRole('listitem')).toHaveCount(2);
    await expect(alertsCard).toContainText('Gas smell on floor 2');
    await expect(alertsCard).toContainText('SOS from the warehouse');
    await expect(page.getByTestId('active-alerts-count')).toHaveText('2 active alerts');
    await expect(page.getByTestId('summary-card')).toBeVisible();
    await expect(page.getByTestId('chart-card')).toContainText('2 alerts');
    await expect(page.getByTestId('missions-card')).toHaveCount(0);
    await expect(page.getByTestId('reminder-card')).toHaveCount(0);
    await expect(page.getByTestId('channels-not-sending')).toHaveCount(0);
    await screenshot(page, testInfo, 'dashboard-user');

    // A member has no missions card: a mission event reloads nothing. Nor does a new alert: one sent to others does
    // not change their dashboard, one sent to them comes with its event.
    await connected;
    await caughtUp();
    const socket = hub!;
    const reloads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/dash/')) reloads.push(pathname);
    });
    const missionArrived = socket.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('newMissionCustomerId'),
    });
    await announceCompanyEvent('newMission', owner.companyId, { missionId: crypto.randomUUID() });
    await missionArrived;
    // Past the latest moment a refresh could come (2 s plus up to 1 s of spread).
    await page.waitForTimeout(3_500);
    expect(reloads).toEqual([]);
    const ownerApi = await apiAs(request, owner);
    const toOthers = socket.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('newAlertCustomerId'),
    });
    await ownerApi.post('/api/alerts/alert', {
      title: 'Meeting room flooded',
      message: 'Only for the owner.',
      channels: ['push'],
      target: { users: [owner.userId] },
    });
    await toOthers;
    await page.waitForTimeout(3_500);
    await expect(alertsCard.getByRole('listitem')).toHaveCount(2);
    await ownerApi.post('/api/alerts/alert', {
      title: 'Evacuate the east wing',
      message: 'Leave by the west stairs and meet at the gate.',
      channels: ['push'],
      target: { users: [member.id] },
    });
    await expect(alertsCard.getByRole('link').first()).toContainText('Evacuate the east wing', { timeout: 10_000 });
    await expect(page.getByTestId('active-alerts-count')).toHaveText('3 active alerts');
    await expect(page.getByTestId('chart-card')).toContainText('3 alerts');
    await expect(alertsCard).not.toContainText('Meeting room flooded');
    expect(reloads).toEqual([]);
  });
});
