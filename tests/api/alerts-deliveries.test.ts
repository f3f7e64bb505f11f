import { describe, it, expect } from '@jest/globals';
import { deliveryStatus, type ReceiptFacts } from '@/lib/alerts/delivery-status';
import type { ReceiptState } from '@/lib/generated/prisma/enums';
import { insertAlert, insertManyRecipients, type ReceiptSpec } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// GET /api/alerts/{id}/deliveries: the per-recipient delivery report, for admins and the sender only.
const api = useApiTestContext();

async function arrange() {
  const company = await createCompany(api.db);
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const sender = await createMember(api.db, company.id, 'user', 'Sam Sender');
  const carl = await createMember(api.db, company.id, 'user', 'carl Carlsen');
  const bea = await createMember(api.db, company.id, 'user', 'Bea Berg');
  const dag = await createMember(api.db, company.id, 'user', 'Dag 100% Dahl');
  const bystander = await createMember(api.db, company.id, 'user', 'Bo Bystander');
  const stranger = await createMember(api.db, other.id, 'admin');
  const seenAt = new Date('2026-03-02T10:00:00Z');
  const alert = await insertAlert(api.db, {
    companyId: company.id,
    authorId: sender.user.id,
    recipients: [
      {
        userId: carl.user.id,
        receipts: [
          { channel: 'push', state: 'failed', error: 'Unregistered' },
          { channel: 'sms', fallback: true, state: 'delivered' },
        ],
      },
      {
        userId: bea.user.id,
        receivedAt: seenAt,
        seenAt,
        receipts: [
          { channel: 'push', state: 'seen' },
          { channel: 'sms', state: 'delivered' },
        ],
      },
      { userId: dag.user.id, inTarget: false },
      { userId: admin.user.id, receipts: [{ channel: 'push', state: 'pending' }] },
    ],
  });
  return { company, admin, sender, carl, bea, dag, bystander, stranger, alert, seenAt };
}

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe('GET /api/alerts/{id}/deliveries', () => {
  it('lists every recipient by name with their status, receipts and times, and the stats', async () => {
    const { admin, bea, alert, seenAt } = await arrange();
    const response = await api.call('GET', `/api/alerts/${alert.id}/deliveries`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(['Ada Admin', 'Bea Berg', 'carl Carlsen', 'Dag 100% Dahl']);
    expect(response.body.items.map((item: { status: string }) => item.status)).toEqual([
      'processing',
      'receivedinapp',
      'fallbacksms',
      'outOfTarget',
    ]);
    expect(response.body).toMatchObject({ page: 1, pageSize: 1000, total: 4 });
    expect(response.body.items[1]).toEqual({
      userId: bea.user.id,
      name: 'Bea Berg',
      phone: bea.user.phone,
      profilePhoto: null,
      status: 'receivedinapp',
      inTarget: true,
      channels: [
        {
          channel: 'push',
          fallback: false,
          round: 1,
          state: 'seen',
          error: null,
          sentAt: expect.any(String),
          deliveredAt: null,
          receivedAt: null,
        },
        {
          channel: 'sms',
          fallback: false,
          round: 1,
          state: 'delivered',
          error: null,
          sentAt: expect.any(String),
          deliveredAt: null,
          receivedAt: null,
        },
      ],
      receivedAt: seenAt.toISOString(),
      seenAt: seenAt.toISOString(),
      answer: null,
    });
    expect(response.body.items[2].channels[0]).toMatchObject({
      channel: 'push',
      state: 'failed',
      error: 'Unregistered',
    });
    expect(response.body.items[3]).toMatchObject({ inTarget: false, channels: [], receivedAt: null });
    expect(response.body.stats).toMatchObject({
      recipients: 3,
      processing: 1,
      receivedinapp: 1,
      fallbacksms: 1,
      outOfTarget: 1,
      failed: 0,
      sent: 0,
    });
    expect(response.body.callsQueued).toBe(0);
  });

  it("counts the calls not requested yet as queued (they wait for the account's calls per second)", async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const people = await Promise.all(
      ['Ann', 'Ben', 'Cid'].map((name) => createMember(api.db, company.id, 'user', name)),
    );
    const voice = (state: ReceiptState): ReceiptSpec[] => [
      { channel: 'voice', state },
      { channel: 'sms', state: 'pending' },
    ];
    const alert = await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      channels: ['sms', 'voice'],
      recipients: [
        { userId: people[0].user.id, receipts: voice('pending') },
        { userId: people[1].user.id, receipts: voice('pending') },
        { userId: people[2].user.id, receipts: voice('sent') },
      ],
    });
    const response = await api.call('GET', `/api/alerts/${alert.id}/deliveries`, { token: admin.token });
    expect(response.status).toBe(200);
    // SMS waiting and calls already requested are not queued calls.
    expect(response.body.callsQueued).toBe(2);
  });

  it('filters by status and by part of the name or phone number, and pages', async () => {
    const { sender, carl, alert } = await arrange();
    const get = (query: string) =>
      api.call('GET', `/api/alerts/${alert.id}/deliveries${query}`, { token: sender.token });
    const fallback = await get('?status=fallbacksms');
    expect(names(fallback.body)).toEqual(['carl Carlsen']);
    expect(fallback.body.total).toBe(1);
    expect(fallback.body.stats.recipients).toBe(3);
    expect(names((await get('?status=deliveredSms')).body)).toEqual([]);
    expect(names((await get('?q=CARL')).body)).toEqual(['carl Carlsen']);
    expect(names((await get(`?q=${encodeURIComponent(carl.user.phone!.slice(-5))}`)).body)).toEqual(['carl Carlsen']);
    expect(names((await get('?q=100%25')).body)).toEqual(['Dag 100% Dahl']);
    expect(names((await get('?q=_')).body)).toEqual([]);
    expect(names((await get('?q=b&status=receivedinapp')).body)).toEqual(['Bea Berg']);
    const page = await get('?page=2&pageSize=2');
    expect(names(page.body)).toEqual(['carl Carlsen', 'Dag 100% Dahl']);
    expect(page.body).toMatchObject({ page: 2, pageSize: 2, total: 4 });
    expect((await get('?page=3&pageSize=2')).body).toMatchObject({ items: [], total: 4 });
  });

  it('lists the people alerted apart from those outside the area, with totals that match the stats', async () => {
    const { sender, alert } = await arrange();
    const get = (query: string) =>
      api.call('GET', `/api/alerts/${alert.id}/deliveries${query}`, { token: sender.token });
    const alerted = await get('?inTarget=true');
    expect(names(alerted.body)).toEqual(['Ada Admin', 'Bea Berg', 'carl Carlsen']);
    expect(alerted.body.total).toBe(alerted.body.stats.recipients);
    const outside = await get('?inTarget=false');
    expect(names(outside.body)).toEqual(['Dag 100% Dahl']);
    expect(outside.body.total).toBe(outside.body.stats.outOfTarget);
    expect(names((await get('?inTarget=true&q=dag')).body)).toEqual([]);
    expect(names((await get('?inTarget=true&status=fallbacksms')).body)).toEqual(['carl Carlsen']);
  });

  it('derives in SQL exactly the status the contract function gives, for every kind of receipt mix', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const states: ReceiptState[] = ['pending', 'sent', 'delivered', 'received', 'failed'];
    const mixes: ReceiptSpec[][] = [[]];
    for (const push of states)
      for (const sms of states)
        mixes.push([
          { channel: 'push', state: push },
          { channel: 'sms', state: sms },
        ]);
    for (const push of states)
      for (const fallback of states)
        mixes.push([
          { channel: 'push', state: push },
          { channel: 'sms', fallback: true, state: fallback },
        ]);
    for (const voice of states)
      mixes.push([
        { channel: 'voice', state: voice },
        { channel: 'sms', state: 'failed' },
      ]);
    const people: Awaited<ReturnType<typeof createMember>>[] = [];
    for (let i = 0; i < mixes.length; i += 1) people.push(await createMember(api.db, company.id));
    const alert = await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      recipients: mixes.map((receipts, i) => ({ userId: people[i].user.id, receipts })),
    });

    const report = (await api.call('GET', `/api/alerts/${alert.id}/deliveries`, { token: admin.token })).body;
    expect(report.items).toHaveLength(mixes.length);
    for (const item of report.items as { status: string; channels: ReceiptFacts[] }[]) {
      expect(item.status).toBe(deliveryStatus({ inTarget: true }, item.channels));
    }
    const counted = new Map<string, number>();
    for (const item of report.items as { status: string }[])
      counted.set(item.status, (counted.get(item.status) ?? 0) + 1);
    for (const [status, count] of counted) expect(report.stats[status]).toBe(count);
  });

  // How fast is a figure of npm run bench:reads ("report of 10,000, filtered"), not an assertion here.
  it('reports on 10,000 recipients: the stats count them all, a filtered page finds its 100', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const alert = await insertAlert(api.db, { companyId: company.id, authorId: admin.user.id });
    await insertManyRecipients(api.db, alert, 10_000, 'delivered');
    const detail = await api.call('GET', `/api/alerts/${alert.id}`, { token: admin.token });
    const report = await api.call(
      'GET',
      `/api/alerts/${alert.id}/deliveries?status=deliveredApp&pageSize=50&q=person%200099`,
      { token: admin.token },
    );
    expect(detail.body.stats).toMatchObject({ recipients: 10_000, deliveredApp: 10_000 });
    expect(report.body.total).toBe(100);
    expect(report.body.items).toHaveLength(50);
  });

  it('is for admins and the sender: other recipients 403, others 404; bad filters 400', async () => {
    const { admin, bea, bystander, stranger, alert } = await arrange();
    const forbidden = await api.call('GET', `/api/alerts/${alert.id}/deliveries`, { token: bea.token });
    expect(forbidden.status).toBe(403);
    expect((await api.call('GET', `/api/alerts/${alert.id}/deliveries`, { token: bystander.token })).status).toBe(404);
    expect((await api.call('GET', `/api/alerts/${alert.id}/deliveries`, { token: stranger.token })).status).toBe(404);
    expect((await api.call('GET', '/api/alerts/123/deliveries', { token: admin.token })).status).toBe(404);
    expect((await api.call('GET', `/api/alerts/${alert.id}/deliveries`)).status).toBe(401);
    const badStatus = await api.call('GET', `/api/alerts/${alert.id}/deliveries?status=lost`, { token: admin.token });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toEqual(['status is not valid']);
    const badArea = await api.call('GET', `/api/alerts/${alert.id}/deliveries?inTarget=maybe`, { token: admin.token });
    expect(badArea.status).toBe(400);
    expect(badArea.body.errors).toEqual(['inTarget is not valid']);
    expect(
      (await api.call('GET', `/api/alerts/${alert.id}/deliveries?pageSize=1001`, { token: admin.token })).status,
    ).toBe(400);
    expect(
      (await api.call('GET', `/api/alerts/${alert.id}/deliveries?q=${'x'.repeat(101)}`, { token: admin.token })).status,
    ).toBe(400);
  });
});
