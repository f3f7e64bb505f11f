import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// LastPosition (migrations 20261127192000_last_positions, 20261204220000_positions_by_company) holds each person's
// newest position per device and scope (the company it was given to, or the person's own), kept by
// triggers on Position: after every way positions are written or removed it must equal what DISTINCT ON over every
// position answers (newest = latest recordedAt, then greatest id; positions without a device, also those of removed
// devices, form one group per person).
const api = useApiTestContext();
type Member = Awaited<ReturnType<typeof createMember>>;
const NO_DEVICE = '00000000-0000-0000-0000-000000000000';

interface Row {
  userId: string;
  deviceKey: string;
  scopeKey: string;
  positionId: string;
  lat: number;
  lng: number;
}

async function expectStoreRight(userIds: string[]): Promise<Row[]> {
  const truth = await api.db.$queryRaw<Row[]>`
    SELECT DISTINCT ON (p."userId", key.device, key.scope) p."userId"::text, key.device::text AS "deviceKey",
      key.scope::text AS "scopeKey", p.id::text AS "positionId", p.lat, p.lng
    FROM "Position" p
    CROSS JOIN LATERAL (
      SELECT coalesce(p."deviceId", ${NO_DEVICE}::uuid) AS device, coalesce(p."companyId", ${NO_DEVICE}::uuid) AS scope
    ) key
    WHERE p."userId" = ANY(${userIds}::uuid[])
    ORDER BY p."userId", key.device, key.scope, p."recordedAt" DESC, p.id DESC`;
  const stored = await api.db.$queryRaw<Row[]>`
    SELECT "userId"::text, "deviceKey"::text, "scopeKey"::text, "positionId"::text, lat, lng FROM "LastPosition"
    WHERE "userId" = ANY(${userIds}::uuid[]) ORDER BY "userId", "deviceKey", "scopeKey"`;
  expect(stored).toEqual(truth);
  return stored;
}

async function addPhone(member: Member, name: string): Promise<string> {
  const response = await api.call('POST', '/api/devices', {
    token: member.token,
    body: { name, platform: 'android', pushToken: `token-${member.user.id}-${name}` },
  });
  expect(response.status).toBe(201);
  return response.body.deviceId;
}

async function arrange() {
  const company = await createCompany(api.db, { plan: 'enterprise' });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const person = await createMember(api.db, company.id, 'user', 'Per Person');
  const phone = await addPhone(person, 'Phone');
  const tablet = await addPhone(person, 'Tablet');
  return { company, admin, person, phone, tablet };
}

describe('the last-position store', () => {
  it('follows the app’s reports per device, the newest winning', async () => {
    const { person, phone, tablet } = await arrange();
    const report = (deviceId: string, lat: number) =>
      api.call('POST', `/api/devices/${deviceId}/positions`, { token: person.token, body: { lat, lng: 10 } });
    expect((await report(phone, 59.1)).status).toBe(201);
    expect((await report(phone, 59.2)).status).toBe(201);
    expect((await report(tablet, 60.1)).status).toBe(201);
    const rows = await expectStoreRight([person.user.id]);
    expect(rows.map((row) => [row.deviceKey, row.lat]).sort()).toEqual(
      [
        [phone, 59.2],
        [tablet, 60.1],
      ].sort(),
    );
  });

  it('follows an SOS and an alert confirmation with a position', async () => {
    const { admin, person, phone } = await arrange();
    const sos = await api.call('POST', '/api/sos', {
      token: person.token,
      body: { message: 'Help', position: { lat: 61, lng: 9, accuracy: 5 }, deviceId: phone },
    });
    expect(sos.status).toBe(201);
    expect((await expectStoreRight([person.user.id])).map((row) => row.lat)).toEqual([61]);

    const sent = await api.call('POST', '/api/alerts/alert', {
      token: admin.token,
      body: { title: 'Fire', message: 'Leave', channels: ['push'], target: { users: [person.user.id] } },
    });
    const confirmed = await api.call('POST', `/api/alerts/${sent.body.alertId}/received`, {
      token: person.token,
      body: { deviceId: phone, position: { lat: 62, lng: 9 } },
    });
    expect(confirmed.status).toBe(200);
    expect((await expectStoreRight([person.user.id])).map((row) => row.lat)).toEqual([62]);
  });

  it('keeps the newer position when a positioning answer was taken earlier', async () => {
    const { company, admin, person, phone } = await arrange();
    await api.call('POST', `/api/devices/${phone}/positions`, { token: person.token, body: { lat: 59.5, lng: 10 } });
    const positioning = await api.db.positioning.create({
      data: {
        companyId: company.id,
        authorId: admin.user.id,
        reason: 'Roll call',
        target: { company: true },
        answerBy: new Date(Date.now() + 600_000),
        results: { create: { userId: person.user.id, deviceId: phone, askedAt: new Date() } },
      },
    });
    const answered = await api.call('POST', `/api/devices/${phone}/positionings/${positioning.id}`, {
      token: person.token,
      body: { lat: 58, lng: 10, positionedAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(answered.status).toBe(200);
    expect(await api.db.position.count({ where: { userId: person.user.id, source: 'positioning' } })).toBe(1);
    // The answer is the company's (its own scope), the report the person's own: one newest of each.
    const rows = await expectStoreRight([person.user.id]);
    expect(rows.map((row) => [row.scopeKey, row.lat]).sort()).toEqual(
      [
        [NO_DEVICE, 59.5],
        [company.id, 58],
      ].sort(),
    );
  });

  it('moves a removed device’s newest position to the positions without a device, if newer', async () => {
    const { person, phone, tablet } = await arrange();
    await api.db.position.create({
      data: { userId: person.user.id, lat: 50, lng: 10, recordedAt: new Date(Date.now() - 120_000) },
    });
    await api.db.position.create({
      data: { userId: person.user.id, deviceId: phone, lat: 51, lng: 10, recordedAt: new Date(Date.now() - 60_000) },
    });
    await api.db.position.create({ data: { userId: person.user.id, deviceId: tablet, lat: 52, lng: 10 } });
    expect(await expectStoreRight([person.user.id])).toHaveLength(3);
    expect((await api.call('DELETE', `/api/devices/${phone}`, { token: person.token })).status).toBe(200);
    const rows = await expectStoreRight([person.user.id]);
    expect(rows.map((row) => [row.deviceKey, row.lat]).sort()).toEqual(
      [
        [NO_DEVICE, 51],
        [tablet, 52],
      ].sort(),
    );
  });

  it('follows bulk inserts and deletes, and forgets a deleted person', async () => {
    const { company, person, phone } = await arrange();
    const other = await createMember(api.db, company.id, 'user', 'Otto Other');
    await api.db.position.createMany({
      data: [1, 2, 3, 4].map((n) => ({
        userId: n % 2 ? person.user.id : other.user.id,
        deviceId: n % 2 ? phone : null,
        lat: 50 + n,
        lng: 10,
        recordedAt: new Date(Date.now() - n * 1000),
      })),
    });
    expect((await expectStoreRight([person.user.id, other.user.id])).map((row) => row.lat).sort()).toEqual([51, 52]);
    await api.db.position.deleteMany({ where: { userId: person.user.id, lat: 51 } });
    expect((await expectStoreRight([person.user.id, other.user.id])).map((row) => row.lat).sort()).toEqual([52, 53]);
    await api.db.user.delete({ where: { id: person.user.id } });
    expect(await api.db.lastPosition.count({ where: { userId: person.user.id } })).toBe(0);
    await expectStoreRight([other.user.id]);
  });
});
