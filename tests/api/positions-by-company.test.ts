import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Issue 32: a position given to one company — an answer to its positioning, a confirmation of its alert, an SOS to it
// — is read by that company only; the person's own reports from their device are read by each of their companies.
// Every reader: the dashboard map, targeting by area, a mission's last position, a positioning's last known position.
const api = useApiTestContext();

async function arrange() {
  const a = await createCompany(api.db, { plan: 'enterprise', features: ['mission'] });
  const b = await createCompany(api.db, { plan: 'enterprise', features: ['mission'] });
  const adminA = await createMember(api.db, a.id, 'admin', 'Ada of A');
  const adminB = await createMember(api.db, b.id, 'admin', 'Bea of B');
  const person = await createMember(api.db, a.id, 'user', 'Per Both');
  await api.db.membership.create({ data: { companyId: b.id, userId: person.user.id } });
  const phone = await api.call('POST', '/api/devices', {
    token: person.token,
    customerId: a.id,
    body: { name: 'Phone', platform: 'android', pushToken: `token-${person.user.id}` },
  });
  return { a, b, adminA, adminB, person, phone: phone.body.deviceId as string };
}

type Admin = Awaited<ReturnType<typeof createMember>>;
const mapOf = async (admin: Admin, companyId: string) =>
  (
    await api.call('GET', '/api/dash/positions?bounds=9,58,12,62&zoom=8', { token: admin.token, customerId: companyId })
  ).body.points.map((point: { lat: number }) => point.lat);
const lastOf = async (admin: Admin, companyId: string, userId: string) =>
  (await api.call('GET', `/api/missions/positions/last/user/${userId}`, { token: admin.token, customerId: companyId }))
    .body.position?.lat ?? null;
const reachAround = async (admin: Admin, companyId: string, lat: number) =>
  (
    await api.call('POST', '/api/alerts/target/reach', {
      token: admin.token,
      customerId: companyId,
      body: {
        alertTarget: {
          company: true,
          adHocLocation: { name: '', geofence: { type: 'circle', center: { lat, lng: 10 }, radius: 1000 } },
        },
      },
    })
  ).body.reach;

describe('positions by company', () => {
  it('shows an SOS to B, and B’s alert confirmed with a position, to B only; the person’s own report to both', async () => {
    const { a, b, adminA, adminB, person, phone } = await arrange();
    const report = await api.call('POST', `/api/devices/${phone}/positions`, {
      token: person.token,
      body: { lat: 59, lng: 10 },
    });
    expect(report.status).toBe(201);
    expect(await mapOf(adminA, a.id)).toEqual([59]);
    expect(await mapOf(adminB, b.id)).toEqual([59]);

    const sos = await api.call('POST', '/api/sos', {
      token: person.token,
      customerId: b.id,
      body: { message: 'Help', position: { lat: 60, lng: 10 }, deviceId: phone },
    });
    expect(sos.status).toBe(201);
    expect(await mapOf(adminB, b.id)).toEqual([60]);
    expect(await mapOf(adminA, a.id)).toEqual([59]);
    expect(await lastOf(adminB, b.id, person.user.id)).toBe(60);
    expect(await lastOf(adminA, a.id, person.user.id)).toBe(59);
    expect(await reachAround(adminB, b.id, 60)).toBe(1);
    expect(await reachAround(adminA, a.id, 60)).toBe(0);
    expect(await reachAround(adminA, a.id, 59)).toBe(1);

    const sent = await api.call('POST', '/api/alerts/alert', {
      token: adminB.token,
      customerId: b.id,
      body: { title: 'Fire', message: 'Leave', channels: ['push'], target: { users: [person.user.id] } },
    });
    const confirmed = await api.call('POST', `/api/alerts/${sent.body.alertId}/received`, {
      token: person.token,
      customerId: b.id,
      body: { deviceId: phone, position: { lat: 61, lng: 10 } },
    });
    expect(confirmed.status).toBe(200);
    expect(await mapOf(adminB, b.id)).toEqual([61]);
    expect(await mapOf(adminA, a.id)).toEqual([59]);

    // A newer report of the person's own is the newest for both again.
    await api.call('POST', `/api/devices/${phone}/positions`, { token: person.token, body: { lat: 58.5, lng: 10 } });
    expect(await mapOf(adminA, a.id)).toEqual([58.5]);
    expect(await mapOf(adminB, b.id)).toEqual([58.5]);
  });

  it('keeps an answer to B’s positioning from A’s positioning results, mission and map', async () => {
    const { a, b, adminA, adminB, person, phone } = await arrange();
    const positioningOf = (companyId: string, authorId: string) =>
      api.db.positioning.create({
        data: {
          companyId,
          authorId,
          reason: 'Roll call',
          target: { company: true },
          answerBy: new Date(Date.now() + 600_000),
          results: { create: { userId: person.user.id, deviceId: phone, askedAt: new Date() } },
        },
      });
    const ofB = await positioningOf(b.id, adminB.user.id);
    const answered = await api.call('POST', `/api/devices/${phone}/positionings/${ofB.id}`, {
      token: person.token,
      body: { lat: 60.5, lng: 10 },
    });
    expect(answered.status).toBe(200);
    expect(await mapOf(adminB, b.id)).toEqual([60.5]);
    expect(await mapOf(adminA, a.id)).toEqual([]);
    expect(await lastOf(adminA, a.id, person.user.id)).toBeNull();

    // A's own positioning that the person has not answered shows no last known position of B's.
    const ofA = await positioningOf(a.id, adminA.user.id);
    const devices = await api.call('GET', `/api/positionings/${ofA.id}/devices`, {
      token: adminA.token,
      customerId: a.id,
    });
    expect(devices.status).toBe(200);
    expect(JSON.stringify(devices.body)).not.toContain('60.5');
  });
});
