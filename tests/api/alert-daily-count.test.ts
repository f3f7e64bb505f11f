import { describe, it, expect } from '@jest/globals';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { deleteClosedAlerts } from '@/lib/retention/delete-closed-alerts';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// The dashboard chart's daily roll-up "AlertDailyCount" (kept by triggers on "Alert") stays exactly the count of the
// company's sent alerts per Europe/Oslo day through every way an alert is sent or goes: sends, drafts sent, deletes, the
// retention purge, a deleted company; and the chart each viewer gets equals a count of the alerts they may see.
const DAY = 24 * 60 * 60 * 1000;

/** The roll-up's non-empty days of the company against a count of its alerts, day by day. */
async function rollUpAndRecount(db: PrismaClient, companyId: string) {
  const rollUp = await db.$queryRaw<{ day: string; count: number }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, count FROM "AlertDailyCount"
    WHERE "companyId" = ${companyId}::uuid AND count <> 0 ORDER BY day`;
  const recount = await db.$queryRaw<{ day: string; count: number }[]>`
    SELECT to_char(("sentAt" AT TIME ZONE 'Europe/Oslo')::date, 'YYYY-MM-DD') AS day, count(*)::int AS count
    FROM "Alert" WHERE "companyId" = ${companyId}::uuid AND "sentAt" IS NOT NULL GROUP BY 1 ORDER BY 1`;
  return { rollUp, recount };
}

async function expectExact(db: PrismaClient, companyId: string) {
  const { rollUp, recount } = await rollUpAndRecount(db, companyId);
  expect(rollUp).toEqual(recount);
  return rollUp;
}

type Chart = { date: string; count: number }[];
const nonZero = (chart: Chart) => Object.fromEntries(chart.filter((d) => d.count > 0).map((d) => [d.date, d.count]));

describe('the alerts-per-day roll-up', () => {
  const api = useApiTestContext();

  async function send(token: string, body: object = {}) {
    const sent = await api.call('POST', '/api/alerts/alert', {
      token,
      body: { title: 'Fire', message: 'Leave now', channels: ['push'], target: { company: true }, ...body },
    });
    expect(sent.status).toBe(201);
    return sent.body.alertId as string;
  }

  it('counts sends and sent drafts, never drafts, and forgets deleted and purged alerts', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    await createMember(api.db, company.id);
    const first = await send(admin.token);
    await send(admin.token);
    const draft = await api.call('POST', '/api/alerts/alertDraft', { token: admin.token, body: { title: 'Later' } });
    expect(draft.status).toBe(201);
    expect(await expectExact(api.db, company.id)).toEqual([expect.objectContaining({ count: 2 })]);

    await send(admin.token, { draftId: draft.body.alertId });
    expect(await expectExact(api.db, company.id)).toEqual([expect.objectContaining({ count: 3 })]);

    expect((await api.call('POST', `/api/alerts/${first}/close`, { token: admin.token, body: {} })).status).toBe(200);
    expect((await api.call('DELETE', `/api/alerts/${first}`, { token: admin.token })).status).toBe(200);
    expect(await expectExact(api.db, company.id)).toEqual([expect.objectContaining({ count: 2 })]);

    const closed = await api.db.alert.findMany({ where: { companyId: company.id } });
    await api.db.alert.updateMany({
      where: { id: closed[0].id },
      data: { status: 'completed', closedAt: new Date(Date.now() - 40 * DAY) },
    });
    expect(await deleteClosedAlerts(api.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await expectExact(api.db, company.id)).toEqual([expect.objectContaining({ count: 1 })]);
  });

  it('puts an alert on its Europe/Oslo day at the midnight edge, winter and summer', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    // Oslo is UTC+1 in winter (midnight = 23:00Z) and UTC+2 in summer (midnight = 22:00Z).
    const moments = [
      '2026-01-14T22:59:59.999Z',
      '2026-01-14T23:00:00.000Z',
      '2026-07-14T21:59:59.999Z',
      '2026-07-14T22:00:00.000Z',
    ];
    for (const sentAt of moments)
      await api.db.alert.create({
        data: {
          companyId: company.id,
          authorId: admin.user.id,
          type: 'alert',
          status: 'completed',
          title: sentAt,
          message: 'edge',
          target: {},
          sentAt: new Date(sentAt),
        },
      });
    expect((await expectExact(api.db, company.id)).map((row) => row.day)).toEqual([
      '2026-01-14',
      '2026-01-15',
      '2026-07-14',
      '2026-07-15',
    ]);
  });

  it("gives each viewer exactly the count of what they may see: admins the company's, members their own", async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const member = await createMember(api.db, company.id);
    const other = await createMember(api.db, company.id);
    await send(admin.token, { target: { users: [member.user.id] } });
    await send(admin.token, { target: { users: [other.user.id] } });
    const byMember = await api.db.alert.create({
      data: {
        companyId: company.id,
        authorId: member.user.id,
        type: 'alert',
        status: 'active',
        title: 'm',
        message: 'm',
        target: {},
        sentAt: new Date(),
      },
    });
    await api.db.alertRecipient.create({
      data: { alertId: byMember.id, companyId: company.id, userId: other.user.id, createdAt: byMember.sentAt! },
    });
    await api.db.alert.create({
      data: {
        companyId: company.id,
        authorId: admin.user.id,
        type: 'alert',
        status: 'draft',
        title: 'd',
        message: 'd',
        target: {},
      },
    });
    const old = new Date(Date.now() - 3 * DAY);
    const received = await api.db.alert.create({
      data: {
        companyId: company.id,
        authorId: admin.user.id,
        type: 'alert',
        status: 'completed',
        title: 'old',
        message: 'o',
        target: {},
        sentAt: old,
      },
    });
    await api.db.alertRecipient.create({
      data: { alertId: received.id, companyId: company.id, userId: member.user.id, createdAt: old },
    });
    const outside = await api.db.alert.create({
      data: {
        companyId: company.id,
        authorId: admin.user.id,
        type: 'alert',
        status: 'completed',
        title: 'out',
        message: 'o',
        target: {},
        sentAt: old,
      },
    });
    await api.db.alertRecipient.create({
      data: { alertId: outside.id, companyId: company.id, userId: member.user.id, inTarget: false, createdAt: old },
    });
    await expectExact(api.db, company.id);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
    const oldDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(old);
    const chart = async (token: string) =>
      (await api.call('GET', '/api/dash/alerts', { token })).body.chartData as Chart;
    expect(nonZero(await chart(admin.token))).toEqual({ [oldDay]: 2, [today]: 3 });
    // Ulf: the alert to him, his own, and the old one he received in the area; not the one outside it, not Ola's.
    expect(nonZero(await chart(member.token))).toEqual({ [oldDay]: 1, [today]: 2 });
    expect(nonZero(await chart(other.token))).toEqual({ [today]: 2 });
  });

  it('goes with a deleted company', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    await send(admin.token);
    await api.db.company.delete({ where: { id: company.id } });
    expect(await api.db.alertDailyCount.count({ where: { companyId: company.id } })).toBe(0);
  });
});
