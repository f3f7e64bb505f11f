import { describe, it, expect } from '@jest/globals';
import { listenToCompany } from '../helpers/company-events';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { AlertType } from '@/lib/generated/prisma/enums';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

const DAY = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of `at` in Europe/Oslo (the dashboard's day). */
function osloDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

async function sendAlert(
  db: PrismaClient,
  data: {
    companyId: string;
    authorId: string;
    title: string;
    sentAt?: Date;
    type?: AlertType;
    status?: 'active' | 'completed';
    recipientIds?: string[];
  },
) {
  const alert = await db.alert.create({
    data: {
      companyId: data.companyId,
      authorId: data.authorId,
      type: data.type ?? 'alert',
      status: data.status ?? 'active',
      title: data.title,
      message: `${data.title} message`,
      target: { company: true },
      sentAt: data.sentAt ?? new Date(),
      isLocationRestricted: true,
    },
  });
  for (const userId of data.recipientIds ?? [])
    await db.alertRecipient.create({
      data: { alertId: alert.id, companyId: data.companyId, userId, createdAt: alert.sentAt! },
    });
  return alert;
}

describe('GET /api/dash/data', () => {
  const api = useApiTestContext();

  async function arrange() {
    const company = await createCompany(api.db, { features: ['scenario'] });
    const other = await createCompany(api.db, { features: ['scenario'] });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id, 'user', 'Ulf User');
    const bystander = await createMember(api.db, company.id, 'user', 'Bea Bystander');
    const stranger = await createMember(api.db, other.id, 'admin', 'Sten Stranger');
    // Ada's phone has the app (a push token); Ulf's old phone has none: he counts as without the app.
    const phone = await api.db.device.create({
      data: { userId: admin.user.id, name: 'Ada phone', platform: 'android', pushToken: `token-${admin.user.id}` },
    });
    await api.db.device.create({ data: { userId: member.user.id, name: 'Ulf old phone', platform: 'ios' } });
    await api.db.position.create({
      data: {
        userId: admin.user.id,
        deviceId: phone.id,
        lat: 59.1,
        lng: 10.1,
        recordedAt: new Date(Date.now() - 60_000),
      },
    });
    await api.db.position.create({ data: { userId: admin.user.id, deviceId: phone.id, lat: 59.9, lng: 10.7 } });
    await api.db.position.create({ data: { userId: stranger.user.id, lat: 1, lng: 1 } });
    await api.db.mission.create({
      data: { companyId: company.id, userId: member.user.id, endTime: new Date(Date.now() + DAY) },
    });
    await api.db.mission.create({
      data: { companyId: company.id, userId: member.user.id, endTime: new Date(Date.now() - DAY), status: 'finished' },
    });
    await api.db.mission.create({
      data: { companyId: other.id, userId: stranger.user.id, endTime: new Date(Date.now() + DAY) },
    });
    await api.db.scenario.create({
      data: {
        companyId: company.id,
        name: 'Fire drill',
        alertType: 'alarm',
        title: 'Fire',
        body: 'Leave now',
        channels: ['push'],
        target: { company: true },
      },
    });
    await api.db.scenario.create({
      data: { companyId: other.id, name: 'Foreign', alertType: 'alarm', title: 'x', body: 'y', target: {} },
    });

    const toMember = await sendAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      title: 'To member',
      recipientIds: [member.user.id],
    });
    const byMember = await sendAlert(api.db, {
      companyId: company.id,
      authorId: member.user.id,
      title: 'By member',
      type: 'alarm',
      status: 'completed',
      sentAt: new Date(Date.now() - 2 * DAY),
    });
    const toBystander = await sendAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      title: 'To bystander',
      recipientIds: [bystander.user.id],
      sentAt: new Date(Date.now() - 2 * DAY - 1_000),
    });
    const old = await sendAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      title: 'Too old for the chart',
      status: 'completed',
      sentAt: new Date(Date.now() - 100 * DAY),
    });
    await sendAlert(api.db, { companyId: other.id, authorId: stranger.user.id, title: 'Foreign alert' });
    await api.db.alert.create({
      data: {
        companyId: company.id,
        authorId: admin.user.id,
        type: 'alert',
        status: 'draft',
        title: 'Draft',
        message: 'not sent',
        target: {},
      },
    });
    return { company, other, admin, member, bystander, stranger, alerts: { toMember, byMember, toBystander, old } };
  }

  it('gives an admin everything of the company and nothing of another', async () => {
    const { admin, alerts } = await arrange();
    const response = await api.call('GET', '/api/dash/data', { token: admin.token });
    expect(response.status).toBe(200);
    const data = response.body;
    expect(data).toMatchObject({
      plan: 'professional',
      maxUsers: 50,
      usersCount: 3,
      usersWithoutDevices: 2,
      activeAlertsCount: 2,
      activeMissionsCount: 1,
    });
    expect(data.latestAlerts.map((a: { title: string }) => a.title)).toEqual([
      'To member',
      'By member',
      'To bystander',
      'Too old for the chart',
    ]);
    expect(data.latestAlerts[0]).toEqual({
      id: alerts.toMember.id,
      created: alerts.toMember.sentAt!.toISOString(),
      title: 'To member',
      message: 'To member message',
      user: { name: 'Ada Admin', profilePhoto: null },
      alertType: 'urgentAlert',
      status: 'active',
      isLocationRestricted: true,
      containsAuthorLocation: false,
      asksAnswers: false,
    });
    expect(data.latestAlerts[1].alertType).toBe('alarm');
    expect(data.activeMissions).toEqual([
      {
        id: expect.any(String),
        endTime: expect.any(String),
        overdue: false,
        user: { name: 'Ulf User', profilePhoto: null },
      },
    ]);
    // The positions map asks GET /api/dash/positions for its view (tests/api/dash-positions.test.ts).
    expect(data).not.toHaveProperty('positions');
    expect(data.scenarios).toEqual([
      {
        id: expect.any(String),
        name: 'Fire drill',
        description: null,
        alertType: 1,
        alertData: { title: 'Fire', body: 'Leave now', target: { company: true }, responseOptions: [] },
        channels: ['push'],
        includePosition: false,
        hasValidTarget: true,
        sortIndex: 0,
        folderId: null,
        attachments: [],
      },
    ]);
  });

  it('has 91 chart days ending today (Europe/Oslo) with the right counts', async () => {
    const { admin, alerts } = await arrange();
    const { chartData } = (await api.call('GET', '/api/dash/data', { token: admin.token })).body;
    expect(chartData).toHaveLength(91);
    const today = osloDay(new Date());
    expect(chartData[90].date).toBe(today);
    expect(chartData[0].date).toBe(osloDay(new Date(Date.parse(`${today}T12:00:00Z`) - 90 * DAY)));
    const counts = Object.fromEntries(chartData.map((d: { date: string; count: number }) => [d.date, d.count]));
    const expected: Record<string, number> = {};
    for (const alert of [alerts.toMember, alerts.byMember, alerts.toBystander])
      expected[osloDay(alert.sentAt!)] = (expected[osloDay(alert.sentAt!)] ?? 0) + 1;
    for (const [day, count] of Object.entries(expected)) expect(counts[day]).toBe(count);
    expect(counts[today]).toBe(expected[today]);
    expect(chartData.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(3);
  });

  it('gives a non-admin only the alerts they sent or received, and no admin-only data', async () => {
    const { admin, member, bystander } = await arrange();
    const data = (await api.call('GET', '/api/dash/data', { token: member.token })).body;
    expect(data).toMatchObject({
      usersCount: 3,
      usersWithoutDevices: null,
      activeAlertsCount: 1,
      activeMissions: [],
      activeMissionsCount: 0,
      scenarios: [],
    });
    expect(data.latestAlerts.map((a: { title: string }) => a.title)).toEqual(['To member', 'By member']);
    // A member's list comes from its own query (lib/dashboard/get-dash-alerts.ts): the same row as an admin's.
    const adminData = (await api.call('GET', '/api/dash/data', { token: admin.token })).body;
    expect(data.latestAlerts).toEqual(adminData.latestAlerts.slice(0, 2));
    expect(data.latestAlerts[1]).toMatchObject({ alertType: 'alarm', user: { name: expect.any(String) } });
    expect(data.chartData.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(2);

    const seenByBystander = (await api.call('GET', '/api/dash/data', { token: bystander.token })).body;
    expect(seenByBystander.latestAlerts.map((a: { title: string }) => a.title)).toEqual(['To bystander']);
    expect(seenByBystander.activeAlertsCount).toBe(1);
  });

  it("counts a member's chart days: each alert they sent or received once, in the area and in this company", async () => {
    const { company, other, admin, member, stranger, alerts } = await arrange();
    const sends: [companyId: string, authorId: string, title: string, daysAgo: number, recipientIds: string[]][] = [
      // Written and received by the member: counted once.
      [company.id, member.user.id, 'Member to self', 3, [member.user.id]],
      // Received outside the area (its row below): recorded, not theirs.
      [company.id, admin.user.id, 'Outside the area', 4, []],
      // Received before the chart's 91 days.
      [company.id, admin.user.id, 'Long ago', 95, [member.user.id]],
      // Of another company: received there, and written there.
      [other.id, stranger.user.id, 'Foreign to member', 5, [member.user.id]],
      [other.id, member.user.id, 'Foreign by member', 5, []],
    ];
    const sent = [];
    for (const [companyId, authorId, title, daysAgo, recipientIds] of sends)
      sent.push(
        await sendAlert(api.db, {
          companyId,
          authorId,
          title,
          sentAt: new Date(Date.now() - daysAgo * DAY),
          recipientIds,
        }),
      );
    const [self, outside] = sent;
    const row = { alertId: outside.id, companyId: company.id, userId: member.user.id, createdAt: outside.sentAt! };
    await api.db.alertRecipient.create({ data: { ...row, inTarget: false } });

    const { chartData } = (await api.call('GET', '/api/dash/data', { token: member.token })).body;
    const counted = chartData.filter((day: { count: number }) => day.count > 0);
    const expected: Record<string, number> = {};
    for (const alert of [alerts.toMember, alerts.byMember, self])
      expected[osloDay(alert.sentAt!)] = (expected[osloDay(alert.sentAt!)] ?? 0) + 1;
    expect(Object.fromEntries(counted.map((day: { date: string; count: number }) => [day.date, day.count]))).toEqual(
      expected,
    );
  });

  it("never shows another company's data to its admin", async () => {
    const { stranger } = await arrange();
    const data = (await api.call('GET', '/api/dash/data', { token: stranger.token })).body;
    expect(data.latestAlerts.map((a: { title: string }) => a.title)).toEqual(['Foreign alert']);
    expect(data).toMatchObject({ usersCount: 1, activeAlertsCount: 1, activeMissionsCount: 1 });
    expect(data.scenarios.map((s: { name: string }) => s.name)).toEqual(['Foreign']);
  });

  it('answers 401 without a session and 403 with another company id', async () => {
    const { admin, other } = await arrange();
    expect((await api.call('GET', '/api/dash/data')).status).toBe(401);
    expect((await api.call('GET', '/api/dash/data', { token: admin.token, customerId: other.id })).status).toBe(403);
  });

  it('answers the alerts part alone as /api/dash/data does, for admins and members', async () => {
    const { admin, member } = await arrange();
    for (const viewer of [admin, member]) {
      const whole = (await api.call('GET', '/api/dash/data', { token: viewer.token })).body;
      const part = await api.call('GET', '/api/dash/alerts', { token: viewer.token });
      expect(part.status).toBe(200);
      expect(part.body).toEqual({
        activeAlertsCount: whole.activeAlertsCount,
        latestAlerts: whole.latestAlerts,
        chartData: whole.chartData,
      });
    }
  });

  it('answers the missions part alone to admins as /api/dash/data does, and 403 to members', async () => {
    const { admin, member } = await arrange();
    const whole = (await api.call('GET', '/api/dash/data', { token: admin.token })).body;
    const part = await api.call('GET', '/api/dash/missions', { token: admin.token });
    expect(part.status).toBe(200);
    expect(part.body).toEqual({ activeMissions: whole.activeMissions, activeMissionsCount: 1 });
    expect((await api.call('GET', '/api/dash/missions', { token: member.token })).status).toBe(403);
  });

  it('answers the scenarios part alone to admins as /api/dash/data does, none without the feature, 403 to members', async () => {
    const { company, admin, member } = await arrange();
    const whole = (await api.call('GET', '/api/dash/data', { token: admin.token })).body;
    const part = await api.call('GET', '/api/dash/scenarios', { token: admin.token });
    expect(part.status).toBe(200);
    expect(part.body).toEqual({ scenarios: whole.scenarios });
    expect(part.body.scenarios.length).toBeGreaterThan(0);
    expect((await api.call('GET', '/api/dash/scenarios', { token: member.token })).status).toBe(403);
    await api.db.company.update({ where: { id: company.id }, data: { features: [] } });
    expect((await api.call('GET', '/api/dash/scenarios', { token: admin.token })).body).toEqual({ scenarios: [] });
  });

  it('tells open dashboards when a scenario is made, changed, reordered or deleted', async () => {
    const { company, admin } = await arrange();
    const events = await listenToCompany(api.url, admin.token, company.id);
    try {
      const changed = `scenariosChangedCustomerId:${company.id}`;
      const made = events.next(changed);
      const created = await api.call('POST', '/api/scenarios/customer', {
        token: admin.token,
        body: {
          name: 'Evacuate',
          alertType: 1,
          alertData: { title: 'Evacuate', body: 'Leave the building now', target: { company: true } },
          channels: ['push'],
        },
      });
      expect(created.status).toBe(201);
      expect(await made).toEqual({ scenarioId: created.body.id, changed: 'scenarios' });
      const ids = (await api.call('GET', '/api/scenarios/customer', { token: admin.token })).body.items.map(
        (scenario: { id: string }) => scenario.id,
      );
      const reordered = events.next(changed);
      await api.call('PUT', '/api/scenarios/customer/sortorder', { token: admin.token, body: { ids: ids.reverse() } });
      expect(await reordered).toEqual({ changed: 'scenarios' });
      const deleted = events.next(changed);
      await api.call('DELETE', `/api/scenarios/customer/${created.body.id}`, { token: admin.token });
      expect(await deleted).toEqual({ scenarioId: created.body.id, changed: 'scenarios' });
    } finally {
      events.close();
    }
  });

  it('answers the parts 401 without a session, 403 with another company id or a malformed one', async () => {
    const { admin, other } = await arrange();
    for (const path of ['/api/dash/alerts', '/api/dash/missions', '/api/dash/scenarios']) {
      expect((await api.call('GET', path)).status).toBe(401);
      expect((await api.call('GET', path, { token: admin.token, customerId: other.id })).status).toBe(403);
      expect((await api.call('GET', path, { token: admin.token, customerId: 'not-a-uuid' })).status).toBe(403);
    }
  });
});
