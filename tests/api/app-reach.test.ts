import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createSession } from '@/lib/auth/create-session';
import { canReceivePush, hasAppSql, hasAppWhere, withoutAppWhere } from '@/lib/devices/can-receive-push';
import { Prisma } from '@/lib/generated/prisma/client';
import { seedDemo } from '@/prisma/seed';
import { useApiTestContext } from '../helpers/api-test-context';
import { sendCompanyAlert, settledReceipts, startDeliveryWorker } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import type { TestWorker } from '../helpers/test-worker';

// "Has the app" = can receive push (lib/devices/can-receive-push.ts). The dashboard's count, the members' and teams'
// badges, the reach preview, the devices' hasPush and delivery once each spelled it their own way and disagreed: a phone
// that only reports positions counted as the app on the dashboard and as none everywhere else. Here they all must agree,
// person by person, in a company with every kind of device, and in the demo company `npm start` seeds.
const api = useApiTestContext();
let worker: TestWorker;

beforeAll(async () => {
  worker = await startDeliveryWorker(api);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
});

type Member = Awaited<ReturnType<typeof createMember>>;
const subscription = () => ({
  endpoint: `https://push.example.test/${randomBytes(8).toString('hex')}`,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const token = () => `fcm-${randomBytes(12).toString('hex')}`;

/** A company with an admin (no device) and one person per kind of device; `app` says who can receive push. */
async function arrange(plan: 'free' | 'professional' = 'professional') {
  const company = await createCompany(api.db, { plan });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const kinds = [
    { name: 'Anna Phone', app: true, device: { platform: 'android' as const, pushToken: token() } },
    { name: 'Bo Browser', app: true, device: { platform: 'web' as const, pushSubscription: subscription() } },
    { name: 'Cid Iphone', app: true, device: { platform: 'ios' as const, pushToken: token() } },
    { name: 'Dag Positions', app: false, device: { platform: 'android' as const } },
    { name: 'Eva Nothing', app: false, device: null },
    { name: 'Finn Tokenbrowser', app: false, device: { platform: 'web' as const, pushToken: token() } },
    {
      name: 'Gro Subscriptionphone',
      app: false,
      device: { platform: 'ios' as const, pushSubscription: subscription() },
    },
  ];
  const people: (Member & { app: boolean })[] = [];
  for (const kind of kinds) {
    const member = await createMember(api.db, company.id, 'user', kind.name);
    if (kind.device) {
      const device = await api.db.device.create({
        data: { userId: member.user.id, name: `${kind.name}'s device`, ...kind.device },
      });
      await api.db.position.create({
        data: { userId: member.user.id, deviceId: device.id, lat: 59.91, lng: 10.75 },
      });
    }
    people.push({ ...member, app: kind.app });
  }
  return { company, admin, people, everyone: [{ ...admin, app: false }, ...people] };
}

const appless = (everyone: { user: { id: string }; app: boolean }[]) =>
  everyone
    .filter((person) => !person.app)
    .map((person) => person.user.id)
    .sort();

describe('who has the app', () => {
  it('is the same person by person in the Prisma, SQL and loaded-device spellings of the one definition', async () => {
    const { company, everyone } = await arrange();
    const ids = everyone.map((person) => person.user.id);
    const byPrisma = await api.db.user.findMany({
      where: { id: { in: ids }, ...withoutAppWhere },
      select: { id: true },
    });
    const withApp = await api.db.user.findMany({ where: { id: { in: ids }, ...hasAppWhere }, select: { id: true } });
    const bySql = await api.db.$queryRaw<{ id: string }[]>`
      SELECT u.id FROM "User" u WHERE u.id = ANY(${ids}::uuid[]) AND NOT ${hasAppSql(Prisma.sql`u.id`)}`;
    const devices = await api.db.device.findMany({ where: { userId: { in: ids } } });
    const byDevice = ids.filter((id) => !devices.some((device) => device.userId === id && canReceivePush(device)));

    const expected = appless(everyone);
    expect(byPrisma.map((user) => user.id).sort()).toEqual(expected);
    expect(bySql.map((user) => user.id).sort()).toEqual(expected);
    expect(byDevice.sort()).toEqual(expected);
    expect(withApp.length + expected.length).toBe(ids.length);
    expect(
      await api.db.user.count({ where: { memberships: { some: { companyId: company.id } }, ...withoutAppWhere } }),
    ).toBe(expected.length);
  });

  it('agrees on the dashboard, the members list, a team, the reach preview, devices and delivery', async () => {
    const { company, admin, people, everyone } = await arrange();
    const withoutApp = appless(everyone);

    const dash = await api.call('GET', '/api/dash/data', { token: admin.token, customerId: company.id });
    expect(dash.status).toBe(200);
    expect(dash.body).toMatchObject({ usersCount: 8, usersWithoutDevices: withoutApp.length });

    const members = await api.call('GET', '/api/users', { token: admin.token, customerId: company.id });
    expect(members.status).toBe(200);
    const membersWithoutApp = members.body.users
      .filter((user: { hasApp: boolean }) => !user.hasApp)
      .map((user: { userId: string }) => user.userId);
    expect(membersWithoutApp.sort()).toEqual(withoutApp);

    const team = await api.call('POST', '/api/teams', {
      token: admin.token,
      customerId: company.id,
      body: { name: 'Everyone but Ada', members: people.map((person) => ({ userId: person.user.id })) },
    });
    expect(team.status).toBe(201);
    const teamView = await api.call('GET', `/api/teams/${team.body.id}`, {
      token: admin.token,
      customerId: company.id,
    });
    expect(
      teamView.body.people
        .filter((person: { hasApp: boolean }) => !person.hasApp)
        .map((person: { userId: string }) => person.userId)
        .sort(),
    ).toEqual(appless(people));

    const reach = await api.call('POST', '/api/alerts/target/reach', {
      token: admin.token,
      customerId: company.id,
      body: { alertTarget: { company: true } },
    });
    expect(reach.body).toMatchObject({ reach: 8, withoutApp: withoutApp.length, withoutAppOrPhone: 0 });

    for (const person of people) {
      const devices = await api.call('GET', '/api/devices', { token: person.token, customerId: company.id });
      expect(devices.body.devices.some((device: { hasPush: boolean }) => device.hasPush)).toBe(person.app);
    }

    // A push-only alert: the push is recorded (no FCM here: the outbox keeps it, not sent) exactly for those with the
    // app; the others fail as noApp.
    const alertId = await sendCompanyAlert(api, admin, company.id, {
      title: 'Gas leak in hall 3',
      message: 'Leave hall 3 now',
      channels: ['push'],
    });
    const receipts = await settledReceipts(api.db, alertId);
    const push = receipts.filter((receipt) => receipt.channel === 'push');
    expect(
      push
        .filter((receipt) => receipt.state === 'failed')
        .map((receipt) => [receipt.userId, receipt.error])
        .sort(),
    ).toEqual(withoutApp.map((id) => [id, 'noApp']));
    expect(push.filter((receipt) => receipt.state === 'recorded')).toHaveLength(everyone.length - withoutApp.length);
  }, 60_000);

  it('counts those without the app who have no phone number either, and says whether the plan sends the fallback SMS', async () => {
    const paying = await arrange('professional');
    const nophone = paying.people.find((person) => !person.app)!;
    await api.db.user.update({ where: { id: nophone.user.id }, data: { phone: null } });
    const body = { alertTarget: { company: true } };
    const reach = await api.call('POST', '/api/alerts/target/reach', {
      token: paying.admin.token,
      customerId: paying.company.id,
      body,
    });
    expect(reach.body).toEqual({
      reach: 8,
      withoutApp: 5,
      withoutAppOrPhone: 1,
      smsOptedOut: 0,
      outOfTarget: 0,
      fallbackSmsAfterSeconds: 120,
    });

    const free = await arrange('free');
    const freeReach = await api.call('POST', '/api/alerts/target/reach', {
      token: free.admin.token,
      customerId: free.company.id,
      body,
    });
    expect(freeReach.body).toMatchObject({ withoutApp: 5, fallbackSmsAfterSeconds: null });
  });

  it('stores a JSON null written as a Web Push subscription as none: no app', async () => {
    const company = await createCompany(api.db);
    const member = await createMember(api.db, company.id);
    const browser = await api.db.device.create({
      data: { userId: member.user.id, name: 'Browser', platform: 'web', pushSubscription: subscription() },
    });
    await api.db.device.update({ where: { id: browser.id }, data: { pushSubscription: Prisma.JsonNull } });
    await api.db.device.create({
      data: { userId: member.user.id, name: 'Browser 2', platform: 'web', pushSubscription: Prisma.JsonNull },
    });
    const stored = await api.db.$queryRaw<{ nulls: number }[]>`
      SELECT count(*)::int AS nulls FROM "Device" WHERE "userId" = ${member.user.id}::uuid AND "pushSubscription" IS NULL`;
    expect(stored[0].nulls).toBe(2);
    expect(await api.db.user.count({ where: { id: member.user.id, ...hasAppWhere } })).toBe(0);
  });

  it('agrees in the demo company: three phones with the app, one that only reports positions, two without a device', async () => {
    const domain = `${randomBytes(4).toString('hex')}.demo.test`;
    const login = await seedDemo(api.db, new Date(), {
      emailDomain: domain,
      phoneBase: 40000000 + Math.floor(Math.random() * 9e6),
    });
    const owner = await api.db.user.findUniqueOrThrow({
      where: { email: login.email },
      include: { memberships: true },
    });
    const companyId = owner.memberships[0].companyId;
    const { token } = await createSession(api.db, { userId: owner.id, extended: false, now: new Date() });

    const dash = await api.call('GET', '/api/dash/data', { token, customerId: companyId });
    expect(dash.body).toMatchObject({ usersCount: 6, usersWithoutDevices: 3 });
    const positions = await api.call('GET', '/api/dash/positions?bounds=-180,-85,180,85&zoom=2', {
      token,
      customerId: companyId,
    });
    expect(positions.body.total).toBe(4);
    const members = await api.call('GET', '/api/users', { token, customerId: companyId });
    expect(
      members.body.users
        .filter((user: { hasApp: boolean }) => user.hasApp)
        .map((user: { name: string }) => user.name)
        .sort(),
    ).toEqual(['Ingrid Hansen', 'Lars Johansen', 'Sofia Berg']);
    const reach = await api.call('POST', '/api/alerts/target/reach', {
      token,
      customerId: companyId,
      body: { alertTarget: { company: true } },
    });
    expect(reach.body).toMatchObject({ reach: 6, withoutApp: 3 });

    const alertId = await sendCompanyAlert(api, { token }, companyId, {
      title: 'Demo alert',
      message: 'Through the outbox',
      channels: ['push'],
    });
    const receipts = await settledReceipts(api.db, alertId);
    const pushRecorded = receipts.filter((receipt) => receipt.channel === 'push' && receipt.state === 'recorded');
    expect(pushRecorded).toHaveLength(3);
    expect(pushRecorded.every((receipt) => receipt.providerId?.startsWith('outbox:'))).toBe(true);
  }, 60_000);

  it('seeds a demo member for the responder: a user of the demo company with a password of their own', async () => {
    const domain = `${randomBytes(4).toString('hex')}.demo.test`;
    const login = await seedDemo(api.db, new Date(), {
      emailDomain: domain,
      phoneBase: 50000000 + Math.floor(Math.random() * 9e6),
    });
    const owner = await api.db.user.findUniqueOrThrow({
      where: { email: login.email },
      include: { memberships: true },
    });
    const companyId = owner.memberships[0].companyId;
    const member = login.member!;
    expect(member.email.endsWith(`@${domain}`)).toBe(true);
    const user = await api.db.user.findUniqueOrThrow({
      where: { email: member.email },
      include: { memberships: true },
    });
    expect(user.name).toBe(member.name);
    expect(user.emailConfirmedAt).not.toBeNull();
    expect(user.memberships).toEqual([expect.objectContaining({ companyId, role: 'user', deletedAt: null })]);

    const loggedIn = await api.call('POST', '/api/login', { body: { email: member.email, password: member.password } });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toEqual({ token: expect.any(String), customerId: companyId });
    const admins = await api.call('POST', '/api/login', { body: { email: member.email, password: login.password } });
    expect(admins.status).toBe(401);
  }, 60_000);
});
