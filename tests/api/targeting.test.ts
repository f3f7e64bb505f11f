import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import { farAway, inSquare, square, squareBounds } from '../helpers/test-areas';

// Who an alert reaches: teams, users, device owners and the whole company, restricted by saved locations and drawn
// areas on each person's newest position; and the reach preview, which must agree with sending.
const api = useApiTestContext();
type Member = Awaited<ReturnType<typeof createMember>>;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function arrange() {
  const company = await createCompany(api.db);
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const [anna, bo, cid, dag, eva] = await Promise.all(
    ['Anna', 'Bo', 'Cid', 'Dag', 'Eva'].map((name) => createMember(api.db, company.id, 'user', name)),
  );
  const removed = await createMember(api.db, company.id, 'user', 'Rita Removed');
  await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
  const stranger = await createMember(api.db, other.id, 'user', 'Sten Stranger');
  return { company, other, admin, anna, bo, cid, dag, eva, removed, stranger };
}

const position = (member: Member, at: { lat: number; lng: number }, recordedAt = new Date()) =>
  api.db.position.create({ data: { userId: member.user.id, lat: at.lat, lng: at.lng, recordedAt } });

async function sendTo(admin: Member, companyId: string, target: object, channels = ['push', 'sms']) {
  const response = await api.call('POST', '/api/alerts/alert', {
    token: admin.token,
    customerId: companyId,
    body: { title: 'Gas leak', message: 'Stay inside', channels, target },
  });
  expect(response.status).toBe(201);
  const rows = await api.db.alertRecipient.findMany({ where: { alertId: response.body.alertId } });
  const receipts = await api.db.receipt.findMany({ where: { alertId: response.body.alertId } });
  const channelsOf = (recipientId: string) =>
    receipts
      .filter((receipt) => receipt.recipientId === recipientId)
      .map((receipt) => receipt.channel)
      .sort();
  const alerted = rows.filter((row) => row.inTarget);
  // Receipts: exactly one per alerted person and channel; none for people recorded outside the area.
  expect(rows.filter((row) => !row.inTarget).every((row) => channelsOf(row.id).length === 0)).toBe(true);
  for (const row of alerted) expect(channelsOf(row.id)).toEqual([...channels].sort());
  expect(await api.db.receipt.count({ where: { alertId: response.body.alertId } })).toBe(
    alerted.length * channels.length,
  );
  return {
    body: response.body,
    inTarget: alerted.map((row) => row.userId).sort(),
    outOfTarget: rows
      .filter((row) => !row.inTarget)
      .map((row) => row.userId)
      .sort(),
  };
}

const reach = (admin: Member, companyId: string, alertTarget: object) =>
  api.call('POST', '/api/alerts/target/reach', { token: admin.token, customerId: companyId, body: { alertTarget } });

const ids = (...members: Member[]) => members.map((member) => member.user.id).sort();

describe('targeting', () => {
  it('alerts the union of team members, users and device owners, each once, never removed members', async () => {
    const { company, admin, anna, bo, cid, dag, removed } = await arrange();
    const team = await api.db.team.create({
      data: {
        companyId: company.id,
        name: 'Night shift',
        members: { create: [{ userId: anna.user.id }, { userId: bo.user.id }, { userId: removed.user.id }] },
      },
    });
    const emptyTeam = await api.db.team.create({ data: { companyId: company.id, name: 'Nobody' } });
    const cidPhone = await api.db.device.create({
      data: { userId: cid.user.id, name: 'Cid phone', platform: 'android', pushToken: 'cid-token' },
    });
    const annaPhone = await api.db.device.create({
      data: { userId: anna.user.id, name: 'Anna phone', platform: 'ios' },
    });

    const sent = await sendTo(admin, company.id, {
      teams: [team.id, emptyTeam.id],
      users: [dag.user.id, bo.user.id],
      devices: [cidPhone.id, annaPhone.id],
    });
    expect(sent.inTarget).toEqual(ids(anna, bo, cid, dag));
    expect(sent.outOfTarget).toEqual([]);
    expect(sent.body).toMatchObject({ recipients: 4, outOfTarget: 0 });

    const onlyTeam = await sendTo(admin, company.id, { teams: [team.id] });
    expect(onlyTeam.inTarget).toEqual(ids(anna, bo));
  });

  it('restricts the whole company to a saved location by the newest position; no position means out of target', async () => {
    const { company, admin, anna, bo, cid, dag, eva, removed } = await arrange();
    const site = await api.db.location.create({
      data: {
        companyId: company.id,
        name: 'Site',
        geofence: square,
        ...squareBounds,
      },
    });
    await position(anna, inSquare);
    await position(bo, farAway);
    await position(cid, inSquare, minutesAgo(30));
    await position(cid, farAway, minutesAgo(5)); // moved out since
    await position(dag, farAway, minutesAgo(30));
    await position(dag, { lat: 59.99, lng: 10.71 }, minutesAgo(5)); // came in since
    await position(removed, inSquare);
    // eva and the admin have no position at all

    const sent = await sendTo(admin, company.id, { locations: [site.id] });
    expect(sent.inTarget).toEqual(ids(anna, dag));
    expect(sent.outOfTarget).toEqual(ids(admin, bo, cid, eva));
    expect(sent.body).toMatchObject({ recipients: 2, outOfTarget: 4 });
    const alert = await api.db.alert.findUniqueOrThrow({ where: { id: sent.body.alertId } });
    expect(alert.isLocationRestricted).toBe(true);

    expect((await reach(admin, company.id, { locations: [site.id] })).body).toEqual({
      reach: 2,
      withoutApp: 2,
      withoutAppOrPhone: 0,
      smsOptedOut: 0,
      outOfTarget: 4,
      fallbackSmsAfterSeconds: 120,
    });
  });

  it('restricts teams to a drawn circle, and considers only the chosen people', async () => {
    const { company, admin, anna, bo, cid } = await arrange();
    const team = await api.db.team.create({
      data: {
        companyId: company.id,
        name: 'Guards',
        members: { create: [{ userId: anna.user.id }, { userId: bo.user.id }] },
      },
    });
    await position(anna, { lat: 59.951, lng: 10.751 });
    await position(bo, { lat: 59.99, lng: 10.75 }); // about 4.5 km north
    await position(cid, inSquare); // inside, but not chosen
    const circle = { type: 'circle', center: inSquare, radius: 2000 };

    const sent = await sendTo(admin, company.id, { teams: [team.id], adHocLocation: { name: '', geofence: circle } });
    expect(sent.inTarget).toEqual(ids(anna));
    expect(sent.outOfTarget).toEqual(ids(bo));
    const alert = await api.db.alert.findUniqueOrThrow({ where: { id: sent.body.alertId } });
    expect(alert.target).toMatchObject({ teams: [team.id], adHocLocation: { name: null, geofence: circle } });
  });

  it('alerts people in any of several areas (a saved location and a drawn polygon)', async () => {
    const { company, admin, anna, bo, cid } = await arrange();
    const site = await api.db.location.create({
      data: {
        companyId: company.id,
        name: 'Site',
        geofence: square,
        ...squareBounds,
      },
    });
    const triangle = {
      type: 'polygon',
      points: [
        { lat: 63.4, lng: 10.3 },
        { lat: 63.5, lng: 10.3 },
        { lat: 63.45, lng: 10.5 },
      ],
    };
    await position(anna, inSquare);
    await position(bo, farAway); // inside the triangle
    await position(cid, { lat: 63.41, lng: 10.49 }); // in the triangle's box, outside the triangle itself

    const sent = await sendTo(admin, company.id, {
      users: [anna.user.id, bo.user.id, cid.user.id],
      locations: [site.id],
      adHocLocation: { name: 'Trondheim', geofence: triangle },
    });
    expect(sent.inTarget).toEqual(ids(anna, bo));
    expect(sent.outOfTarget).toEqual(ids(cid));
  });

  it('handles a circle across the ±180° meridian', async () => {
    const { company, admin, anna, bo } = await arrange();
    await position(anna, { lat: -17, lng: -179.95 }); // about 10 km east of the centre, across the meridian
    await position(bo, { lat: -17, lng: 179.5 }); // about 32 km west
    const sent = await sendTo(admin, company.id, {
      adHocLocation: { geofence: { type: 'circle', center: { lat: -17, lng: 179.95 }, radius: 20_000 } },
    });
    expect(sent.inTarget).toEqual(ids(anna));
    expect(sent.outOfTarget).toContain(bo.user.id);
  });

  it('counts people on the border in, and only a person’s newest position from any device', async () => {
    const { company, admin, anna, bo, cid, dag, eva } = await arrange();
    const site = await api.db.location.create({
      data: { companyId: company.id, name: 'Site', geofence: square, ...squareBounds },
    });
    await position(anna, { lat: 59.9, lng: 10.75 }); // exactly on the southern edge
    await position(bo, { lat: 60, lng: 10.8 }); // exactly on a corner
    await position(cid, { lat: 59.9, lng: 10.8000001 }); // just east of the corner: in the box's slack, not the area
    // Dag's tablet was inside; his phone reported later from far away: the phone's newer position counts.
    const [dagTablet, dagPhone, evaPhone] = await Promise.all([
      api.db.device.create({ data: { userId: dag.user.id, name: 'Dag tablet', platform: 'ios' } }),
      api.db.device.create({ data: { userId: dag.user.id, name: 'Dag phone', platform: 'ios' } }),
      api.db.device.create({ data: { userId: eva.user.id, name: 'Eva phone', platform: 'ios' } }),
    ]);
    const report = (member: Member, deviceId: string, at: { lat: number; lng: number }, recordedAt: Date) =>
      api.db.position.create({ data: { userId: member.user.id, deviceId, ...at, recordedAt } });
    await report(dag, dagTablet.id, inSquare, minutesAgo(10));
    await report(dag, dagPhone.id, farAway, minutesAgo(2));
    // Eva's phone was far away; her newest position, from a phone since removed, is inside: it still counts.
    await report(eva, evaPhone.id, farAway, minutesAgo(10));
    const removedPhone = await api.db.device.create({ data: { userId: eva.user.id, name: 'Old', platform: 'ios' } });
    await report(eva, removedPhone.id, inSquare, minutesAgo(1));
    await api.db.device.delete({ where: { id: removedPhone.id } });

    const circle = { type: 'circle', center: { lat: 59.9, lng: 10.75 }, radius: 1 };
    for (const target of [{ locations: [site.id] }, { adHocLocation: { geofence: square } }]) {
      const sent = await sendTo(admin, company.id, target);
      expect(sent.inTarget).toEqual(ids(anna, bo, eva));
      expect((await reach(admin, company.id, target)).body).toMatchObject({ reach: 3, outOfTarget: 3 });
    }
    const aroundAnna = await sendTo(admin, company.id, { adHocLocation: { geofence: circle } });
    expect(aroundAnna.inTarget).toEqual(ids(anna));
  });

  it('counts reach, people without the app and people outside the area, like sending does', async () => {
    const { company, admin, anna, bo, cid, dag, eva } = await arrange();
    await api.db.device.create({
      data: { userId: anna.user.id, name: 'Anna phone', platform: 'android', pushToken: 'anna-token' },
    });
    await api.db.device.create({
      data: {
        userId: bo.user.id,
        name: 'Bo browser',
        platform: 'web',
        pushSubscription: { endpoint: 'https://push.example.test/bo', keys: {} },
      },
    });
    await api.db.device.create({ data: { userId: cid.user.id, name: 'Cid old phone', platform: 'ios' } });
    const everyone = await reach(admin, company.id, { company: true });
    expect(everyone.status).toBe(200);
    const fallbackSmsAfterSeconds = 120; // a paying plan (professional)
    expect(everyone.body).toEqual({
      reach: 6,
      withoutApp: 4,
      withoutAppOrPhone: 0,
      smsOptedOut: 0,
      outOfTarget: 0,
      fallbackSmsAfterSeconds,
    });

    await position(anna, inSquare);
    await position(cid, inSquare);
    await position(dag, farAway);
    const area = { users: [anna.user.id, cid.user.id, dag.user.id, eva.user.id], adHocLocation: { geofence: square } };
    expect((await reach(admin, company.id, area)).body).toEqual({
      reach: 2,
      withoutApp: 1,
      withoutAppOrPhone: 0,
      smsOptedOut: 0,
      outOfTarget: 2,
      fallbackSmsAfterSeconds,
    });
    const sent = await sendTo(admin, company.id, area);
    expect(sent.body).toMatchObject({ recipients: 2, outOfTarget: 2 });

    expect((await reach(admin, company.id, {})).body).toEqual({
      reach: 0,
      withoutApp: 0,
      withoutAppOrPhone: 0,
      smsOptedOut: 0,
      outOfTarget: 0,
      fallbackSmsAfterSeconds,
    });
  });

  it('checks the reach target like a send: types, unknown ids, role and session', async () => {
    const { company, admin, anna, stranger } = await arrange();
    const invalid = await reach(admin, company.id, { teams: ['x'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(['alertTarget.teams.0 is not valid']);
    const foreign = await reach(admin, company.id, { users: [stranger.user.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'unknownTarget', unknown: [stranger.user.id] });
    expect((await reach(anna, company.id, { company: true })).status).toBe(403);
    expect(
      (
        await api.call('POST', '/api/alerts/target/reach', {
          customerId: company.id,
          body: { alertTarget: { company: true } },
        })
      ).status,
    ).toBe(401);
  });
});
