import { describe, it, expect } from '@jest/globals';
import { myAlertsWhere } from '@/lib/alerts/visible-alerts';
import type { AlertStatus } from '@/lib/generated/prisma/enums';
import { insertAlert, insertManyAlerts, type AlertSpec } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Reading alerts: the lists (mine / all), the detail, and who may see what (spec §6: admins all of the company's,
// others what they sent or received; drafts only their author's; people outside the area do not see the alert).
const api = useApiTestContext();
const MINUTE = 60_000;

async function arrange() {
  const company = await createCompany(api.db);
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const otherAdmin = await createMember(api.db, company.id, 'superAdmin', 'Otto Other');
  const member = await createMember(api.db, company.id, 'user', 'Ulf User');
  const bystander = await createMember(api.db, company.id, 'user', 'Bea Bystander');
  const outside = await createMember(api.db, company.id, 'user', 'Olav Outside');
  const stranger = await createMember(api.db, other.id, 'admin', 'Sten Stranger');
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);

  const toMember = await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    title: 'To member',
    sentAt: at(10),
    recipients: [
      { userId: member.user.id, receipts: [{ channel: 'push', state: 'seen' }] },
      { userId: outside.user.id, inTarget: false },
    ],
  });
  const byMember = await insertAlert(api.db, {
    companyId: company.id,
    authorId: member.user.id,
    type: 'alarm',
    status: 'completed',
    title: 'By member',
    sentAt: at(20),
  });
  const toBystander = await insertAlert(api.db, {
    companyId: company.id,
    authorId: otherAdmin.user.id,
    title: 'To bystander',
    sentAt: at(30),
    recipients: [{ userId: bystander.user.id, receipts: [{ channel: 'sms', state: 'delivered' }] }],
  });
  const adminDraft = await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    status: 'draft',
    title: 'Ada draft',
  });
  const otherDraft = await insertAlert(api.db, {
    companyId: company.id,
    authorId: otherAdmin.user.id,
    status: 'draft',
    title: 'Otto draft',
  });
  const foreign = await insertAlert(api.db, { companyId: other.id, authorId: stranger.user.id, title: 'Foreign' });
  return {
    company,
    other,
    admin,
    otherAdmin,
    member,
    bystander,
    outside,
    stranger,
    alerts: { toMember, byMember, toBystander, adminDraft, otherDraft, foreign },
  };
}

const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

describe('GET /api/alerts/mine and /api/alerts/all', () => {
  it('gives each member the alerts they sent or received, newest first', async () => {
    const { member, bystander, outside, admin, alerts } = await arrange();
    const mine = await api.call('GET', '/api/alerts/mine?includeTotal=true', { token: member.token });
    expect(mine.status).toBe(200);
    expect(titles(mine.body)).toEqual(['To member', 'By member']);
    expect(mine.body).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(mine.body.items[0]).toEqual({
      id: alerts.toMember.id,
      type: 'urgentAlert',
      severity: 'alert',
      status: 'active',
      title: 'To member',
      message: alerts.toMember.message,
      date: alerts.toMember.sentAt!.toISOString(),
      simulationMode: false,
      containsAuthorLocation: false,
      isLocationRestricted: false,
      user: { name: 'Ada Admin', profilePhoto: null },
    });
    expect(mine.body.items[1]).toMatchObject({ type: 'alarm', severity: 'alarm', status: 'completed' });

    expect(titles((await api.call('GET', '/api/alerts/mine', { token: bystander.token })).body)).toEqual([
      'To bystander',
    ]);
    // Recorded outside the area: counted in the stats, but the alert is not theirs to see.
    expect(titles((await api.call('GET', '/api/alerts/mine', { token: outside.token })).body)).toEqual([]);
    // An admin's "mine" is also only what they sent or received.
    expect(titles((await api.call('GET', '/api/alerts/mine', { token: admin.token })).body)).toEqual(['To member']);
  });

  it('gives an admin every sent alert of the company under /all, and no total unless asked', async () => {
    const { admin } = await arrange();
    const all = await api.call('GET', '/api/alerts/all', { token: admin.token });
    expect(all.status).toBe(200);
    expect(titles(all.body)).toEqual(['To member', 'By member', 'To bystander']);
    expect(all.body).not.toHaveProperty('total');
  });

  it('filters by statuses, and shows drafts only to their author', async () => {
    const { admin, otherAdmin, member } = await arrange();
    const closed = await api.call('GET', '/api/alerts/all?statuses=completed', { token: admin.token });
    expect(titles(closed.body)).toEqual(['By member']);
    const drafts = await api.call('GET', '/api/alerts/all?statuses=draft&includeTotal=true', { token: admin.token });
    expect(titles(drafts.body)).toEqual(['Ada draft']);
    expect(drafts.body.total).toBe(1);
    expect(drafts.body.items[0]).toMatchObject({ status: 'draft', date: expect.any(String) });
    expect(
      titles((await api.call('GET', '/api/alerts/mine?statuses=draft', { token: otherAdmin.token })).body),
    ).toEqual(['Otto draft']);
    const everything = await api.call('GET', '/api/alerts/all?statuses=draft&statuses=active&statuses=completed', {
      token: admin.token,
    });
    expect(titles(everything.body)).toEqual(['Ada draft', 'To member', 'By member', 'To bystander']);
    expect(titles((await api.call('GET', '/api/alerts/mine?statuses=draft', { token: member.token })).body)).toEqual(
      [],
    );
  });

  it('pages 25 at a time by default with the total', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    for (let i = 0; i < 30; i += 1) {
      await insertAlert(api.db, {
        companyId: company.id,
        authorId: admin.user.id,
        title: `Alert ${String(i).padStart(2, '0')}`,
        sentAt: new Date(Date.now() - (30 - i) * MINUTE),
      });
    }
    const first = await api.call('GET', '/api/alerts/all?includeTotal=true', { token: admin.token });
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0].title).toBe('Alert 29');
    const second = await api.call('GET', '/api/alerts/all?page=2&includeTotal=true', { token: admin.token });
    expect(second.body).toMatchObject({ page: 2, pageSize: 25, total: 30 });
    expect(titles(second.body)).toEqual(['Alert 04', 'Alert 03', 'Alert 02', 'Alert 01', 'Alert 00']);
    const small = await api.call('GET', '/api/alerts/mine?page=3&pageSize=10&includeTotal=true', {
      token: admin.token,
    });
    expect(small.body).toMatchObject({ page: 3, pageSize: 10, total: 30 });
    expect(titles(small.body)).toEqual([
      'Alert 09',
      'Alert 08',
      'Alert 07',
      'Alert 06',
      'Alert 05',
      'Alert 04',
      'Alert 03',
      'Alert 02',
      'Alert 01',
      'Alert 00',
    ]);
    expect((await api.call('GET', '/api/alerts/all?pageSize=100', { token: admin.token })).status).toBe(200);
  });

  it("pages a person's own alerts in the list's order, ties and drafts included, as one query over all would", async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id, 'user', 'Ulf User');
    const bystander = await createMember(api.db, company.id, 'user', 'Bea Bystander');
    const sameTime = new Date(Date.now() - 5 * MINUTE);
    const changed = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    const add = async (title: string, spec: Partial<AlertSpec>, updatedAt?: Date) => {
      const alert = await insertAlert(api.db, { companyId: company.id, authorId: admin.user.id, title, ...spec });
      if (updatedAt) await api.db.alert.update({ where: { id: alert.id }, data: { updatedAt } });
    };
    const toMember = [{ userId: member.user.id }];
    // Sent at the same moment: ordered by last change, then by id.
    await add('Received, same time, changed 1 min ago', { sentAt: sameTime, recipients: toMember }, changed(1));
    const ownAndReceived = { authorId: member.user.id, recipients: [...toMember, { userId: admin.user.id }] };
    await add('Own and received, changed 2 min ago', { ...ownAndReceived, sentAt: sameTime }, changed(2));
    await add('Own, changed 3 min ago', { authorId: member.user.id, sentAt: sameTime }, changed(3));
    const sameChange = changed(4);
    await add('Received, same time and change A', { sentAt: sameTime, recipients: toMember }, sameChange);
    await add('Received, same time and change B', { sentAt: sameTime, recipients: toMember }, sameChange);
    await add('Received outside the area', {
      sentAt: sameTime,
      recipients: [{ userId: member.user.id, inTarget: false }],
    });
    await add('To someone else', { sentAt: sameTime, recipients: [{ userId: bystander.user.id }] });
    for (let i = 0; i < 4; i += 1) {
      const sentAt = new Date(Date.now() - (10 + i) * MINUTE);
      await add(`Received closed ${i}`, { status: 'completed', sentAt, recipients: toMember });
      await add(`Own closed ${i}`, { status: 'completed', authorId: member.user.id, sentAt });
    }
    await add('Own draft, older', { status: 'draft', authorId: member.user.id }, changed(2));
    await add('Own draft, newer', { status: 'draft', authorId: member.user.id }, changed(1));
    await add('Admin draft', { status: 'draft' });
    await insertAlert(api.db, {
      companyId: (await createCompany(api.db)).id,
      authorId: member.user.id,
      title: 'Elsewhere',
      recipients: toMember,
    });

    const statusLists = [
      ['active', 'completed'],
      ['completed'],
      ['active'],
      ['draft'],
      ['draft', 'active', 'completed'],
    ];
    for (const [person, path] of [
      [member, 'mine'],
      [admin, 'mine'],
    ] as const) {
      const ctx = { company: { id: company.id }, userId: person.user.id };
      for (const statuses of statusLists) {
        // The reference: the whole list in one ordered query of what the person sent or received.
        const expected = await api.db.alert.findMany({
          where: { AND: [myAlertsWhere(ctx), { status: { in: statuses as AlertStatus[] } }] },
          orderBy: [{ sentAt: { sort: 'desc', nulls: 'first' } }, { updatedAt: 'desc' }, { id: 'asc' }],
          select: { title: true },
        });
        for (const pageSize of [1, 4, 25]) {
          const listed: string[] = [];
          for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page += 1) {
            const query = `${statuses.map((status) => `statuses=${status}`).join('&')}&page=${page}&pageSize=${pageSize}`;
            const answer = await api.call('GET', `/api/alerts/${path}?${query}`, { token: person.token });
            expect(answer.status).toBe(200);
            listed.push(...titles(answer.body));
          }
          expect({ person: person.user.name, path, statuses, pageSize, listed }).toEqual({
            person: person.user.name,
            path,
            statuses,
            pageSize,
            listed: expected.map((alert) => alert.title),
          });
        }
      }
    }
    // The reference holds what the test means to cover: ties, drafts first, nothing of others or elsewhere.
    const memberAll = await api.call('GET', '/api/alerts/mine?statuses=draft&statuses=active&statuses=completed', {
      token: member.token,
    });
    expect(titles(memberAll.body).slice(0, 7)).toEqual([
      'Own draft, newer',
      'Own draft, older',
      'Received, same time, changed 1 min ago',
      'Own and received, changed 2 min ago',
      'Own, changed 3 min ago',
      expect.stringMatching(/^Received, same time and change [AB]$/),
      expect.stringMatching(/^Received, same time and change [AB]$/),
    ]);
    expect(memberAll.body.items).toHaveLength(15);
  });

  it('refuses bad input, members on /all, and callers without a session', async () => {
    const { admin, member, other } = await arrange();
    const badStatus = await api.call('GET', '/api/alerts/mine?statuses=active&statuses=open', { token: member.token });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toEqual(['statuses.1 is not valid']);
    expect((await api.call('GET', '/api/alerts/all?pageSize=101', { token: admin.token })).status).toBe(400);
    expect((await api.call('GET', '/api/alerts/mine?page=0', { token: admin.token })).status).toBe(400);
    expect((await api.call('GET', '/api/alerts/mine?includeTotal=yes', { token: admin.token })).status).toBe(400);
    expect((await api.call('GET', '/api/alerts/all', { token: member.token })).status).toBe(403);
    expect((await api.call('GET', '/api/alerts/mine')).status).toBe(401);
    expect((await api.call('GET', '/api/alerts/all', { token: admin.token, customerId: other.id })).status).toBe(403);
  });
});

describe('GET /api/alerts/{id}', () => {
  it('gives the full detail with the target by name, the position, attachments and the delivery stats', async () => {
    const { company, admin, member, outside } = await arrange();
    const team = await api.db.team.create({ data: { companyId: company.id, name: 'Night shift' } });
    const goneTeamId = '00000000-0000-4000-8000-000000000001';
    const location = await api.db.location.create({
      data: {
        companyId: company.id,
        name: 'HQ',
        geofence: { type: 'circle', center: { lat: 59.9, lng: 10.7 }, radius: 200 },
        minLat: 59,
        minLng: 10,
        maxLat: 60,
        maxLng: 11,
      },
    });
    const phone = await api.db.device.create({ data: { userId: member.user.id, name: 'Ulf phone', platform: 'ios' } });
    const adHocLocation = {
      name: 'Yard',
      geofence: {
        type: 'polygon',
        points: [
          { lat: 1, lng: 1 },
          { lat: 1, lng: 2 },
          { lat: 2, lng: 2 },
        ],
      },
    };
    const alert = await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      type: 'urgentAlert',
      channels: ['push', 'sms', 'voice'],
      target: {
        company: false,
        teams: [goneTeamId, team.id],
        users: [member.user.id],
        devices: [phone.id],
        locations: [location.id],
        adHocLocation,
      },
      isLocationRestricted: true,
      position: { lat: 59.91, lng: 10.75, accuracy: 12 },
      recipients: [
        {
          userId: member.user.id,
          receipts: [
            { channel: 'push', state: 'delivered' },
            { channel: 'sms', state: 'delivered' },
          ],
        },
        {
          userId: admin.user.id,
          receipts: [
            { channel: 'push', state: 'failed' },
            { channel: 'sms', fallback: true, state: 'pending' },
          ],
        },
        { userId: outside.user.id, inTarget: false },
      ],
    });
    await api.db.attachment.create({
      data: {
        companyId: company.id,
        alertId: alert.id,
        name: 'map.png',
        storageKey: `companies/${company.id}/alerts/${alert.id}/map.png`,
        contentType: 'image/png',
        size: 2048,
      },
    });

    const response = await api.call('GET', `/api/alerts/${alert.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    const detail = response.body;
    expect(detail).toMatchObject({
      id: alert.id,
      type: 'urgentAlert',
      severity: 'urgentAlert',
      status: 'active',
      title: alert.title,
      message: alert.message,
      date: alert.sentAt!.toISOString(),
      channels: ['push', 'sms', 'voice'],
      simulationMode: false,
      authorId: admin.user.id,
      authorName: 'Ada Admin',
      authorProfilePhoto: null,
      isLocationAlert: true,
      isLocationRestricted: true,
      containsAuthorLocation: true,
      isMissionAlarm: false,
      missionId: null,
      position: { lat: 59.91, lng: 10.75, accuracy: 12 },
      closedAt: null,
      closedBy: null,
      canManage: true,
      canComment: true,
    });
    expect(detail.target).toEqual({
      company: false,
      teams: [{ id: team.id, name: 'Night shift' }],
      users: [{ userId: member.user.id, name: 'Ulf User' }],
      devices: [{ id: phone.id, name: 'Ulf phone' }],
      locations: [
        {
          locationId: location.id,
          name: 'HQ',
          geofence: { type: 'circle', center: { lat: 59.9, lng: 10.7 }, radius: 200 },
        },
      ],
      adHocLocation,
    });
    expect(detail.stats).toEqual({
      recipients: 2,
      deliveredApp: 1,
      receivedinapp: 0,
      received: 0,
      deliveredSms: 0,
      receivedassms: 0,
      failed: 0,
      fallback: 1,
      fallbacksms: 0,
      sent: 0,
      processing: 0,
      recorded: 0,
      outOfTarget: 1,
    });
    expect(detail.attachments).toEqual([
      {
        id: expect.any(String),
        name: 'map.png',
        url: expect.stringContaining('/api/files/'),
        presignedUrl: expect.stringContaining('/api/files/'),
        size: 2048,
        contentType: 'image/png',
      },
    ]);

    const asRecipient = await api.call('GET', `/api/alerts/${alert.id}`, { token: member.token });
    expect(asRecipient.status).toBe(200);
    expect(asRecipient.body).toMatchObject({ canManage: false, canComment: true });
  });

  it('lets the author of a closed alert manage it, with who closed it', async () => {
    const { member, admin, alerts } = await arrange();
    await api.db.alert.update({ where: { id: alerts.byMember.id }, data: { closedById: admin.user.id } });
    const detail = (await api.call('GET', `/api/alerts/${alerts.byMember.id}`, { token: member.token })).body;
    expect(detail).toMatchObject({
      status: 'completed',
      canManage: true,
      canComment: false,
      closedBy: { name: 'Ada Admin' },
      isLocationAlert: false,
      position: null,
    });
    expect(detail.closedAt).toEqual(expect.any(String));
    expect(detail.target).toEqual({
      company: true,
      teams: [],
      users: [],
      devices: [],
      locations: [],
      adHocLocation: null,
    });
  });

  it('answers 404 for whatever the caller may not see, 401 without a session', async () => {
    const { admin, member, bystander, outside, stranger, alerts } = await arrange();
    const notFound = async (token: string, id: string) => {
      const response = await api.call('GET', `/api/alerts/${id}`, { token });
      expect(response.status).toBe(404);
      expect(response.body.errors).toEqual(['The alert was not found']);
    };
    await notFound(bystander.token, alerts.toMember.id);
    await notFound(outside.token, alerts.toMember.id);
    await notFound(member.token, alerts.toBystander.id);
    await notFound(stranger.token, alerts.toMember.id);
    await notFound(admin.token, alerts.foreign.id);
    await notFound(admin.token, alerts.otherDraft.id);
    await notFound(admin.token, 'not-a-uuid');
    await notFound(admin.token, '00000000-0000-4000-8000-000000000000');
    expect((await api.call('GET', `/api/alerts/${alerts.adminDraft.id}`, { token: admin.token })).body).toMatchObject({
      status: 'draft',
      canComment: false,
    });
    expect((await api.call('GET', `/api/alerts/${alerts.toBystander.id}`, { token: admin.token })).status).toBe(200);
    expect((await api.call('GET', `/api/alerts/${alerts.toMember.id}`)).status).toBe(401);
  });
});

/** A company with an admin and a member, and 9,999 closed alerts by `author` that the member received. */
async function arrangeReceivedBulk(author: 'admin' | 'member') {
  const company = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin');
  const member = await createMember(api.db, company.id, 'user');
  const authorId = (author === 'admin' ? admin : member).user.id;
  await insertManyAlerts(api.db, { companyId: company.id, authorId, count: 9_999, recipientId: member.user.id });
  return { company, admin, member };
}

describe('the total of the alert lists', () => {
  it('counts exactly what the list holds: each alert once, own drafts, received in the area only, no other company', async () => {
    const { company, admin, otherAdmin, member, bystander, outside, stranger } = await arrange();
    // Sent by the member to themselves and the bystander: theirs twice over, counted once.
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: member.user.id,
      title: 'Member to self',
      sentAt: new Date(Date.now() - 40 * MINUTE),
      recipients: [{ userId: member.user.id }, { userId: bystander.user.id }],
    });
    // Started by a Flic button (no author): the member received it.
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: null,
      title: 'Button',
      status: 'completed',
      sentAt: new Date(Date.now() - 50 * MINUTE),
      recipients: [{ userId: member.user.id }, { userId: outside.user.id, inTarget: false }],
    });
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: member.user.id,
      status: 'completed',
      title: 'Member to self, closed',
      recipients: [{ userId: member.user.id }],
    });
    // The admin wrote it and received it, and so did the member: one alert for each of them.
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      status: 'completed',
      title: 'Admin to self',
      recipients: [{ userId: admin.user.id }, { userId: member.user.id }],
    });
    // Recorded outside the area of their own alert: theirs as its author.
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: member.user.id,
      title: 'Member outside own area',
      recipients: [{ userId: member.user.id, inTarget: false }],
    });
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: member.user.id,
      status: 'draft',
      title: 'Member draft',
    });
    await insertAlert(api.db, {
      companyId: (await createCompany(api.db)).id,
      authorId: member.user.id,
      title: 'Elsewhere',
      recipients: [{ userId: member.user.id }],
    });

    const memberActive = ['To member', 'Member to self', 'Member outside own area'];
    const memberCompleted = ['By member', 'Button', 'Member to self, closed', 'Admin to self'];
    const cases: [string, { token: string }, string[]][] = [
      ['/api/alerts/mine', member, [...memberActive, ...memberCompleted]],
      ['/api/alerts/mine?statuses=active', member, memberActive],
      ['/api/alerts/mine?statuses=active&statuses=active', member, memberActive],
      ['/api/alerts/mine?statuses=completed', member, memberCompleted],
      ['/api/alerts/mine?statuses=draft', member, ['Member draft']],
      [
        '/api/alerts/mine?statuses=draft&statuses=active&statuses=completed',
        member,
        ['Member draft', ...memberActive, ...memberCompleted],
      ],
      ['/api/alerts/mine?statuses=draft&statuses=completed', member, ['Member draft', ...memberCompleted]],
      ['/api/alerts/mine', bystander, ['To bystander', 'Member to self']],
      ['/api/alerts/mine', outside, []],
      ['/api/alerts/mine', admin, ['To member', 'Admin to self']],
      ['/api/alerts/mine?statuses=active', admin, ['To member']],
      ['/api/alerts/mine?statuses=completed', admin, ['Admin to self']],
      ['/api/alerts/mine?statuses=draft', admin, ['Ada draft']],
      [
        '/api/alerts/all',
        admin,
        ['To member', 'To bystander', 'Member to self', 'Member outside own area', ...memberCompleted],
      ],
      [
        '/api/alerts/all?statuses=active',
        admin,
        ['To member', 'To bystander', 'Member to self', 'Member outside own area'],
      ],
      ['/api/alerts/all?statuses=draft&statuses=completed', otherAdmin, ['Otto draft', ...memberCompleted]],
      ['/api/alerts/all', stranger, ['Foreign']],
    ];
    for (const [path, caller, expected] of cases) {
      const separator = path.includes('?') ? '&' : '?';
      const answer = await api.call('GET', `${path}${separator}includeTotal=true`, { token: caller.token });
      expect({ path, status: answer.status, titles: [...titles(answer.body)].sort() }).toEqual({
        path,
        status: 200,
        titles: [...expected].sort(),
      });
      expect({ path, total: answer.body.total, totalCapped: answer.body.totalCapped }).toEqual({
        path,
        total: expected.length,
        totalCapped: false,
      });
    }
  });

  it("keeps an admin's total of /all exact as alerts are closed and deleted, per status asked", async () => {
    const { admin, stranger, alerts } = await arrange();
    const asked = ['', 'statuses=completed&', 'statuses=active&', 'statuses=completed&statuses=draft&'];
    /** For each status asked, "total/rows listed". */
    const totals = async () => {
      const answers = await Promise.all(
        asked.map((query) => api.call('GET', `/api/alerts/all?${query}includeTotal=true`, { token: admin.token })),
      );
      return answers.map((answer) => `${answer.body.total}/${answer.body.items.length}`);
    };
    // Active: To member, To bystander; completed: By member; the admin's own draft.
    expect(await totals()).toEqual(['3/3', '1/1', '2/2', '2/2']);
    const closed = await api.call('POST', `/api/alerts/${alerts.toMember.id}/close`, { token: admin.token, body: {} });
    expect(closed.status).toBe(200);
    expect(await totals()).toEqual(['3/3', '2/2', '1/1', '3/3']);
    for (const alert of [alerts.byMember, alerts.toMember])
      expect((await api.call('DELETE', `/api/alerts/${alert.id}`, { token: admin.token })).status).toBe(200);
    expect(await totals()).toEqual(['1/1', '0/0', '1/1', '1/1']);
    // Another company's alerts and their changes count nowhere here.
    await insertAlert(api.db, { companyId: alerts.foreign.companyId, authorId: stranger.user.id, status: 'completed' });
    expect(await totals()).toEqual(['1/1', '0/0', '1/1', '1/1']);
  });

  it('counts up to 10,000 and then says there are more (totalCapped), for /all and for what a member received', async () => {
    const { company, admin, member } = await arrangeReceivedBulk('admin');
    await insertAlert(api.db, { companyId: company.id, authorId: member.user.id, title: 'Own' });

    const exactly = { page: 1, pageSize: 25, total: 10_000, totalCapped: false };
    const all = await api.call('GET', '/api/alerts/all?includeTotal=true', { token: admin.token });
    expect(all.body).toMatchObject(exactly);
    expect(all.body.items[0].title).toBe('Own');
    const mine = await api.call('GET', '/api/alerts/mine?includeTotal=true', { token: member.token });
    expect(mine.body).toMatchObject(exactly);

    await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      title: 'One more',
      recipients: [{ userId: member.user.id }],
    });
    const capped = { total: 10_000, totalCapped: true };
    const allCapped = await api.call('GET', '/api/alerts/all?includeTotal=true', { token: admin.token });
    expect(allCapped.body).toMatchObject(capped);
    expect(titles(allCapped.body).slice(0, 2)).toEqual(['One more', 'Own']);
    expect((await api.call('GET', '/api/alerts/mine?includeTotal=true', { token: member.token })).body).toMatchObject(
      capped,
    );
    // The pages past the cap are still there.
    const last = await api.call('GET', '/api/alerts/all?page=401&includeTotal=true', { token: admin.token });
    expect(last.body).toMatchObject({ page: 401, ...capped });
    expect(titles(last.body)).toEqual(['Bulk 9999']);
    // Only what was asked: the admin's own list and the closed tab stay exact.
    expect((await api.call('GET', '/api/alerts/mine?includeTotal=true', { token: admin.token })).body).toMatchObject({
      total: 10_000,
      totalCapped: false,
    });
    expect(
      (await api.call('GET', '/api/alerts/all?statuses=active&includeTotal=true', { token: admin.token })).body,
    ).toMatchObject({ total: 2, totalCapped: false });
    const without = await api.call('GET', '/api/alerts/all', { token: admin.token });
    expect(without.body).not.toHaveProperty('totalCapped');
  });

  it('counts once, up to the cap, the thousands of alerts a member both wrote and received', async () => {
    const { company, admin, member } = await arrangeReceivedBulk('member');
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: member.user.id,
      title: 'Own active',
      recipients: [{ userId: member.user.id }],
    });
    const totals = async (query: string) => {
      const answer = await api.call('GET', `/api/alerts/mine?${query}includeTotal=true`, { token: member.token });
      return { total: answer.body.total, totalCapped: answer.body.totalCapped };
    };

    expect(await totals('')).toEqual({ total: 10_000, totalCapped: false });
    expect(await totals('statuses=completed&')).toEqual({ total: 9_999, totalCapped: false });
    expect(await totals('statuses=active&')).toEqual({ total: 1, totalCapped: false });

    await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      title: 'From the admin',
      recipients: [{ userId: member.user.id }],
    });
    expect(await totals('')).toEqual({ total: 10_000, totalCapped: true });
    expect(await totals('statuses=completed&')).toEqual({ total: 9_999, totalCapped: false });
    expect(await totals('statuses=active&')).toEqual({ total: 2, totalCapped: false });
    expect((await api.call('GET', '/api/alerts/mine?includeTotal=true', { token: admin.token })).body).toMatchObject({
      total: 1,
      totalCapped: false,
    });
  });
});
