import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// GET /api/dash/positions: the dashboard map's last known positions within the viewed bounds, one by one when few,
// grid clusters when many (more than 300 in view).
const api = useApiTestContext();
type Member = Awaited<ReturnType<typeof createMember>>;
const OSLO = '10,59,11,60';

const positions = (member: Member, query: string, customerId?: string) =>
  api.call('GET', `/api/dash/positions?${query}`, { token: member.token, customerId });

async function arrange() {
  const company = await createCompany(api.db);
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const member = await createMember(api.db, company.id, 'user', 'Ulf User');
  const far = await createMember(api.db, company.id, 'user', 'Mia Meridian');
  const removed = await createMember(api.db, company.id, 'user', 'Rita Removed');
  await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
  const stranger = await createMember(api.db, other.id, 'admin', 'Sten Stranger');
  const phone = await api.db.device.create({ data: { userId: admin.user.id, name: 'Ada phone', platform: 'ios' } });
  const oldPhone = await api.db.device.create({ data: { userId: member.user.id, name: 'Old', platform: 'ios' } });
  const at = (lat: number, minutesAgo = 0) => ({
    lat,
    lng: 10.5,
    recordedAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  await api.db.position.createMany({
    data: [
      { userId: admin.user.id, deviceId: phone.id, ...at(59.1, 5) },
      { userId: admin.user.id, deviceId: phone.id, ...at(59.9) }, // newer: the one shown
      { userId: admin.user.id, ...at(59.5) }, // without a device: its own pin
      { userId: member.user.id, deviceId: oldPhone.id, ...at(59.7) },
      { userId: removed.user.id, ...at(59.6) },
      { userId: stranger.user.id, ...at(59.4) },
      { userId: far.user.id, lat: -17, lng: 179.9 }, // across the 180th meridian
    ],
  });
  return { company, other, admin, member, stranger, oldPhone };
}

describe('GET /api/dash/positions', () => {
  it('gives an admin the newest position of each device of the active members in view, one by one when few', async () => {
    const { admin, member, oldPhone } = await arrange();
    expect((await api.call('DELETE', `/api/devices/${oldPhone.id}`, { token: member.token })).status).toBe(200);
    const response = await positions(admin, `bounds=${OSLO}&zoom=8`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      total: 3,
      extent: { west: 10.5, south: 59.5, east: 10.5, north: 59.9 },
      clusters: [],
      points: [
        { lat: 59.5, lng: 10.5, userName: 'Ada Admin', deviceName: null },
        { lat: 59.9, lng: 10.5, userName: 'Ada Admin', deviceName: 'Ada phone' },
        // The removed phone's position counts as one without a device.
        { lat: 59.7, lng: 10.5, userName: 'Ulf User', deviceName: null },
      ],
    });
    const nowhere = await positions(admin, 'bounds=0,0,1,1&zoom=8');
    expect(nowhere.body).toEqual({ total: 0, extent: null, clusters: [], points: [] });
    const acrossTheMeridian = await positions(admin, 'bounds=179,-18,-179,-16&zoom=8');
    expect(acrossTheMeridian.body.points).toEqual([
      { lat: -17, lng: 179.9, userName: 'Mia Meridian', deviceName: null },
    ]);
  });

  it('groups many positions into grid clusters with counts, and answers points when zoomed in', async () => {
    const { company, admin } = await arrange();
    const many = 320;
    const people = Array.from({ length: many }, (_, n) => ({
      email: `crowd-${company.id}-${n}@example.test`,
      name: `Crowd ${String(n).padStart(3, '0')}`,
    }));
    await api.db.user.createMany({ data: people });
    const users = await api.db.user.findMany({ where: { email: { startsWith: `crowd-${company.id}-` } } });
    await api.db.membership.createMany({ data: users.map((user) => ({ companyId: company.id, userId: user.id })) });
    // Two crowds about 220 km apart, each spread over ~100 m, north of the arranged positions.
    await api.db.position.createMany({
      data: users.map((user, n) => ({
        userId: user.id,
        lat: (n % 2 ? 61 : 63) + (n % 10) * 0.0001,
        lng: 10.7 + Math.floor(n / 10) * 0.00003,
      })),
    });

    const zoomedOut = await positions(admin, 'bounds=5,55,15,65&zoom=6');
    expect(zoomedOut.status).toBe(200);
    // At zoom 6 a cell is 1.40625° of longitude by 0.703° of latitude here: each crowd is one cluster, Ada's and
    // Ulf's positions at 59.5 and 59.7 another, Ada's phone at 59.9 a cell of its own (answered as a point).
    expect(zoomedOut.body.total).toBe(many + 3);
    expect(zoomedOut.body.clusters.map((cluster: { count: number }) => cluster.count)).toEqual([many / 2, many / 2, 2]);
    expect(zoomedOut.body.points).toEqual([{ lat: 59.9, lng: 10.5, userName: 'Ada Admin', deviceName: 'Ada phone' }]);
    expect(zoomedOut.body.clusters[0]).toEqual({ lat: expect.any(Number), lng: expect.any(Number), count: many / 2 });
    expect(Buffer.byteLength(JSON.stringify(zoomedOut.body))).toBeLessThan(2_000);

    // Zoomed in on part of one crowd: two of its five rows, one by one.
    const zoomedIn = await positions(admin, 'bounds=10.69,61,10.71,61.00045&zoom=18');
    expect(zoomedIn.body.clusters).toEqual([]);
    expect(zoomedIn.body.total).toBe(64);
    expect(zoomedIn.body.points).toHaveLength(64);
    expect(zoomedIn.body.points[0]).toEqual({ lat: 61.0001, lng: 10.7, userName: 'Crowd 001', deviceName: null });
  });

  it('answers 400 for bounds or zoom that are not valid', async () => {
    const { admin } = await arrange();
    for (const query of [
      'zoom=5',
      `bounds=${OSLO}`,
      'bounds=10,59,11&zoom=5',
      'bounds=10,59,11,60,1&zoom=5',
      'bounds=10,59,11,x&zoom=5',
      'bounds=10,59,181,60&zoom=5',
      'bounds=10,-91,11,60&zoom=5',
      'bounds=10,60,11,59&zoom=5',
      `bounds=${OSLO}&zoom=25`,
      `bounds=${OSLO}&zoom=near`,
    ]) {
      const response = await positions(admin, query);
      expect([query, response.status]).toEqual([query, 400]);
    }
  });

  it('gives members who are not admins no positions, as on the dashboard', async () => {
    const { member } = await arrange();
    const response = await positions(member, `bounds=${OSLO}&zoom=8`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: 0, extent: null, clusters: [], points: [] });
  });

  it("never shows another company's positions, and needs a session", async () => {
    const { admin, other, stranger } = await arrange();
    expect((await positions(admin, `bounds=${OSLO}&zoom=8`, other.id)).status).toBe(403);
    const theirs = await positions(stranger, `bounds=${OSLO}&zoom=8`);
    expect(theirs.body.points).toEqual([{ lat: 59.4, lng: 10.5, userName: 'Sten Stranger', deviceName: null }]);
    expect((await api.call('GET', `/api/dash/positions?bounds=${OSLO}&zoom=8`)).status).toBe(401);
  });
});
