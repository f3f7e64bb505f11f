import { describe, it, expect, afterAll, beforeAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { listenToCompany } from '../helpers/company-events';
import { createCompany, createMember } from '../helpers/fixtures';
import { farAway, inSquare, square, squareBounds } from '../helpers/test-areas';
import { startWorkerBeside, type TestWorker } from '../helpers/test-worker';
import { holdUntilCommit } from '@/lib/db/wait-for-commit';
import { positioningWriteKey, sendPositioningRequests } from '@/lib/positionings/send-positioning-requests';

// Positioning (issue 17): an admin asks the devices of the people a target picks for their position, with a logged
// reason; each device answers through the device API (or declines); results per person and per device. The real worker
// sends the data pushes (to the outbox here: no push provider is configured).
type Member = Awaited<ReturnType<typeof createMember>>;

let worker: TestWorker | undefined;
// Declared before the API test context, so the worker stops before its database is dropped.
afterAll(async () => worker?.stop());
const api = useApiTestContext();
beforeAll(async () => {
  worker = await startWorkerBeside(api, { WORKER_QUEUES: 'positionings' });
}, 60_000);

async function addPhone(member: Member, name: string) {
  const response = await api.call('POST', '/api/devices', {
    token: member.token,
    body: { name, platform: 'android', pushToken: `token-${member.user.id}-${name}` },
  });
  expect(response.status).toBe(201);
  return response.body.deviceId as string;
}

async function arrange() {
  const company = await createCompany(api.db, { plan: 'professional' });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const [anna, bo, cid] = await Promise.all(
    ['Anna Andersen', 'Bo Berg', 'Cid Carlsen'].map((name) => createMember(api.db, company.id, 'user', name)),
  );
  const team = await api.db.team.create({
    data: {
      companyId: company.id,
      name: `Field ${company.id.slice(0, 4)}`,
      members: { create: [anna, bo, cid].map((m) => ({ userId: m.user.id })) },
    },
  });
  const annaPhone = await addPhone(anna, 'Anna phone');
  const annaTablet = await addPhone(anna, 'Anna tablet');
  const boPhone = await addPhone(bo, 'Bo phone');
  // Cid has no device that can receive push.
  return { company, admin, anna, bo, cid, team, annaPhone, annaTablet, boPhone };
}

type Arranged = Awaited<ReturnType<typeof arrange>>;

async function requestPositions(world: Arranged, body: object) {
  return api.call('POST', '/api/positionings', { token: world.admin.token, customerId: world.company.id, body });
}

function answer(member: Member, deviceId: string, positioningId: string, body: object) {
  return api.call('POST', `/api/devices/${deviceId}/positionings/${positioningId}`, { token: member.token, body });
}

async function devicesOf(world: Arranged, positioningId: string) {
  const response = await api.call('GET', `/api/positionings/${positioningId}/devices`, {
    token: world.admin.token,
    customerId: world.company.id,
  });
  expect(response.status).toBe(200);
  return response.body.items as {
    user: { name: string };
    device: { name: string } | null;
    state: string;
    declined: boolean;
    position: { lat: number; lng: number; accuracy: number | null; positionedAt: string } | null;
    lastKnownPosition: { lat: number; lng: number; recordedAt: string } | null;
  }[];
}

async function waitForAskedDevices(positioningId: string, count: number) {
  for (let tries = 0; tries < 100; tries += 1) {
    const asked = await api.db.positioningResult.count({ where: { positioningId, askedAt: { not: null } } });
    if (asked === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the devices of positioning ${positioningId} were not asked`);
}

describe('requesting positions', () => {
  it('asks every device of a team with a data push, records who asked and why, and counts the people', async () => {
    const world = await arrange();
    const events = await listenToCompany(api.url, world.admin.token, world.company.id);
    try {
      const announced = events.next(`positioningChangedCustomerId:${world.company.id}`);
      const before = Date.now();
      const response = await requestPositions(world, { reason: 'Fire in hall B', target: { teams: [world.team.id] } });
      expect(response.status).toBe(201);
      const positioning = response.body;
      expect(positioning).toMatchObject({
        reason: 'Fire in hall B',
        askedBy: { userId: world.admin.user.id, name: 'Ada Admin' },
        target: { company: false, teams: [{ id: world.team.id, name: world.team.name }] },
        closedAt: null,
        found: 0,
        total: 3,
        stats: { total: 3, pending: 2, notReached: 1, found: 0 },
      });
      // The default answer time: 60 seconds.
      const answerBy = new Date(positioning.answerBy).getTime();
      expect(answerBy - new Date(positioning.createdAt).getTime()).toBe(60_000);
      expect(answerBy).toBeGreaterThanOrEqual(before + 59_000);
      await expect(announced).resolves.toEqual({ positioningId: positioning.id });

      // One data push per device that can receive push (the outbox: no push provider is configured).
      await waitForAskedDevices(positioning.id, 3);
      const pushes = await api.db.outboundMessage.findMany({
        where: { companyId: world.company.id, channel: 'push' },
        orderBy: { recipient: 'asc' },
      });
      expect(pushes.map((push) => push.recipient)).toEqual(['Anna phone', 'Anna tablet', 'Bo phone']);
      for (const push of pushes) {
        expect(push.alertId).toBeNull();
        expect(push.body).toBe('Fire in hall B');
        expect(push.payload).toMatchObject({
          type: 'positioningRequest',
          positioningId: positioning.id,
          reason: 'Fire in hall B',
          askedBy: 'Ada Admin',
          answerBy: positioning.answerBy,
        });
      }

      const devices = await devicesOf(world, positioning.id);
      expect(devices.map((row) => [row.user.name, row.device?.name ?? null, row.state])).toEqual([
        ['Anna Andersen', 'Anna phone', 'pending'],
        ['Anna Andersen', 'Anna tablet', 'pending'],
        ['Bo Berg', 'Bo phone', 'pending'],
        ['Cid Carlsen', null, 'notReached'],
      ]);
    } finally {
      events.close();
    }
  });

  it('records the answers per device: found, declined; a second answer and a device not asked change nothing', async () => {
    const world = await arrange();
    const { body: positioning } = await requestPositions(world, {
      reason: 'Roll call',
      target: { company: true },
    });
    const events = await listenToCompany(api.url, world.admin.token, world.company.id);
    try {
      const changed = events.next(`positioningChangedCustomerId:${world.company.id}`);
      const positionedAt = new Date(Date.now() - 5_000).toISOString();
      const found = await answer(world.anna, world.annaPhone, positioning.id, {
        lat: 59.95,
        lng: 10.75,
        accuracy: 8,
        positionedAt,
      });
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ accepted: true, state: 'found', declined: false });
      await expect(changed).resolves.toEqual({ positioningId: positioning.id });

      const again = await answer(world.anna, world.annaPhone, positioning.id, { lat: 1, lng: 1 });
      expect(again.body).toMatchObject({ accepted: false, state: 'found' });
      const declined = await answer(world.bo, world.boPhone, positioning.id, { declined: true });
      expect(declined.body).toMatchObject({ accepted: true, state: 'notReached', declined: true });
      const changedMind = await answer(world.bo, world.boPhone, positioning.id, { lat: 59.95, lng: 10.75 });
      expect(changedMind.body).toMatchObject({ accepted: false, state: 'notReached', declined: true });

      // Another person's device, an unknown positioning, and a device that was not asked: 404.
      expect((await answer(world.bo, world.annaTablet, positioning.id, { lat: 1, lng: 1 })).status).toBe(404);
      expect((await answer(world.anna, world.annaTablet, crypto.randomUUID(), { lat: 1, lng: 1 })).status).toBe(404);
      const cidPhone = await addPhone(world.cid, 'Cid phone');
      expect((await answer(world.cid, cidPhone, positioning.id, { lat: 1, lng: 1 })).status).toBe(404);

      const devices = await devicesOf(world, positioning.id);
      const annaPhoneRow = devices.find((row) => row.device?.name === 'Anna phone')!;
      expect(annaPhoneRow).toMatchObject({
        state: 'found',
        position: { lat: 59.95, lng: 10.75, accuracy: 8, positionedAt },
      });
      // The answer is also the person's newest known position.
      const newest = await api.db.position.findFirst({
        where: { userId: world.anna.user.id },
        orderBy: { recordedAt: 'desc' },
      });
      expect(newest).toMatchObject({ lat: 59.95, lng: 10.75, source: 'positioning', deviceId: world.annaPhone });

      const path = `/api/positionings/${positioning.id}/stats`;
      const asAdmin = { token: world.admin.token, customerId: world.company.id };
      // People: Anna found (one device enough), Bo declined (not reached), Cid and the admin without a device.
      expect((await api.call('GET', `${path}/users`, asAdmin)).body).toEqual({
        total: 4,
        pending: 0,
        found: 1,
        notReached: 3,
        outOfTarget: 0,
        withinArea: 0,
        notInArea: 0,
      });
      expect((await api.call('GET', `${path}/devices`, asAdmin)).body).toEqual({
        total: 3,
        pending: 1,
        found: 1,
        notReached: 1,
        outOfTarget: 0,
        withinArea: 0,
        notInArea: 0,
      });
    } finally {
      events.close();
    }
  });

  it('with an area: people last seen outside are outside the target; answers are inside or not in the area', async () => {
    const world = await arrange();
    const position = (member: Member, at: { lat: number; lng: number }, minutesAgo: number) =>
      api.db.position.create({
        data: { userId: member.user.id, ...at, recordedAt: new Date(Date.now() - minutesAgo * 60_000) },
      });
    await position(world.anna, inSquare, 10);
    await position(world.bo, inSquare, 10);
    await position(world.cid, farAway, 30);
    const location = await api.db.location.create({
      data: {
        companyId: world.company.id,
        name: 'Main site',
        geofence: square,
        ...squareBounds,
      },
    });
    const response = await requestPositions(world, {
      reason: 'Gas leak at the main site',
      target: { teams: [world.team.id], locations: [location.id] },
    });
    expect(response.status).toBe(201);
    const positioning = response.body;
    expect(positioning.target.locations).toEqual([
      expect.objectContaining({ locationId: location.id, name: 'Main site' }),
    ]);

    await answer(world.anna, world.annaPhone, positioning.id, inSquare);
    await answer(world.bo, world.boPhone, positioning.id, farAway);
    const devices = await devicesOf(world, positioning.id);
    expect(devices.map((row) => [row.user.name, row.device?.name ?? null, row.state])).toEqual([
      ['Anna Andersen', 'Anna phone', 'withinArea'],
      ['Anna Andersen', 'Anna tablet', 'pending'],
      ['Bo Berg', 'Bo phone', 'notInArea'],
      ['Cid Carlsen', null, 'outOfTarget'],
    ]);
    // Cid was not asked: beside the result, his last known position and its time.
    expect(devices[3].lastKnownPosition).toMatchObject({ ...farAway, recordedAt: expect.any(String) });
    expect(devices[3].position).toBeNull();

    const asAdmin = { token: world.admin.token, customerId: world.company.id };
    const only = await api.call('GET', `/api/positionings/${positioning.id}/devices?state=notInArea`, asAdmin);
    expect(only.body.items.map((row: { user: { name: string } }) => row.user.name)).toEqual(['Bo Berg']);
    const detail = await api.call('GET', `/api/positionings/${positioning.id}`, asAdmin);
    expect(detail.body).toMatchObject({
      found: 2,
      total: 3,
      stats: { withinArea: 1, notInArea: 1, outOfTarget: 1 },
    });
  });

  it('refuses a short reason, no target, removed teams and another company’s ids with 400', async () => {
    const world = await arrange();
    const other = await createCompany(api.db);
    const otherTeam = await api.db.team.create({ data: { companyId: other.id, name: 'Theirs' } });
    const short = await requestPositions(world, { reason: 'Why', target: { company: true } });
    expect(short.status).toBe(400);
    expect(short.body.errors.join(' ')).toMatch(/reason/i);
    const blank = await requestPositions(world, { reason: '    \t  ', target: { company: true } });
    expect(blank.status).toBe(400);
    const nothing = await requestPositions(world, { reason: 'Roll call', target: {} });
    expect(nothing).toMatchObject({ status: 400, body: { code: 'missingTarget' } });
    const noTeams = await requestPositions(world, { reason: 'Roll call', target: { teams: [] } });
    expect(noTeams).toMatchObject({ status: 400, body: { code: 'missingTeams' } });
    const removedTeam = await api.db.team.create({ data: { companyId: world.company.id, name: 'Gone' } });
    await api.db.team.delete({ where: { id: removedTeam.id } });
    const removed = await requestPositions(world, { reason: 'Roll call', target: { teams: [removedTeam.id] } });
    expect(removed).toMatchObject({ status: 400, body: { code: 'unknownTarget', unknown: [removedTeam.id] } });
    const theirs = await requestPositions(world, { reason: 'Roll call', target: { teams: [otherTeam.id] } });
    expect(theirs).toMatchObject({ status: 400, body: { code: 'unknownTarget' } });
    const missingReason = await requestPositions(world, { target: { company: true } });
    expect(missingReason.status).toBe(400);
    expect(await api.db.positioning.count({ where: { companyId: world.company.id } })).toBe(0);
  });

  it('needs the Professional or Enterprise plan, an admin, and a session', async () => {
    const world = await arrange();
    const body = { reason: 'Roll call', target: { company: true } };
    const free = await createCompany(api.db, { plan: 'free' });
    const freeAdmin = await createMember(api.db, free.id, 'admin');
    const refused = await api.call('POST', '/api/positionings', { token: freeAdmin.token, customerId: free.id, body });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['Your plan does not include this. Upgrade to use it']);
    const enterprise = await createCompany(api.db, { plan: 'enterprise' });
    const enterpriseAdmin = await createMember(api.db, enterprise.id, 'admin');
    expect(
      (await api.call('POST', '/api/positionings', { token: enterpriseAdmin.token, customerId: enterprise.id, body }))
        .status,
    ).toBe(201);
    const asMember = { token: world.anna.token, customerId: world.company.id };
    expect((await api.call('POST', '/api/positionings', { ...asMember, body })).status).toBe(403);
    expect((await api.call('POST', '/api/positionings', { body })).status).toBe(401);
    expect((await api.call('GET', '/api/positionings/all', asMember)).status).toBe(403);
    expect((await api.call('GET', '/api/positionings/mine')).status).toBe(401);
    expect(await api.db.positioning.count({ where: { companyId: world.company.id } })).toBe(0);
  });

  it('the request job, queued inside the transaction that writes the positioning, waits for it to commit or roll back', async () => {
    const world = await arrange();
    const write = async (outcome: 'commit' | 'rollback', jobStarted: (id: string) => Promise<unknown>) => {
      let job: Promise<unknown> | undefined;
      await api.db
        .$transaction(async (tx) => {
          const positioning = await tx.positioning.create({
            data: {
              companyId: world.company.id,
              authorId: world.admin.user.id,
              reason: 'Roll call',
              target: { users: [world.bo.user.id] },
              answerBy: new Date(Date.now() + 60_000),
            },
          });
          await tx.positioningResult.create({
            data: { positioningId: positioning.id, userId: world.bo.user.id, deviceId: world.boPhone },
          });
          await holdUntilCommit(tx, positioningWriteKey(positioning.id));
          // The job runs now, as a worker may take it before the transaction ends: it must wait, not fail.
          job = jobStarted(positioning.id);
          const settledEarly = await Promise.race([
            job.then(() => true),
            new Promise((resolve) => setTimeout(() => resolve(false), 500)),
          ]);
          expect(settledEarly).toBe(false);
          if (outcome === 'rollback') throw new Error('rolled back');
        })
        .catch((error: Error) => expect(error.message).toBe('rolled back'));
      return job!;
    };
    const committed = await write('commit', (id) => sendPositioningRequests(api.db, id, new Date()));
    expect(committed).toEqual({ asked: 1 });
    const rolledBack = await write('rollback', (id) => sendPositioningRequests(api.db, id, new Date()));
    expect(rolledBack).toEqual({ asked: 0 });
  });
});

describe('the positioning log', () => {
  it('lists the company’s positionings for admins, and to each person those they asked for or were located by', async () => {
    const world = await arrange();
    const first = (await requestPositions(world, { reason: 'Roll call one', target: { users: [world.anna.user.id] } }))
      .body;
    const second = (await requestPositions(world, { reason: 'Roll call two', target: { users: [world.bo.user.id] } }))
      .body;
    const asAdmin = { token: world.admin.token, customerId: world.company.id };
    const all = await api.call('GET', '/api/positionings/all?includeTotal=true', asAdmin);
    expect(all.body).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(all.body.items.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
    expect(all.body.items[0]).toMatchObject({
      reason: 'Roll call two',
      askedBy: { name: 'Ada Admin' },
      target: { users: [{ userId: world.bo.user.id, name: 'Bo Berg' }] },
      found: 0,
      total: 1,
    });
    const paged = await api.call('GET', '/api/positionings/all?page=2&pageSize=1', asAdmin);
    expect(paged.body.items.map((item: { id: string }) => item.id)).toEqual([first.id]);

    const annaSees = await api.call('GET', '/api/positionings/mine', {
      token: world.anna.token,
      customerId: world.company.id,
    });
    expect(annaSees.body.items.map((item: { id: string; reason: string }) => [item.id, item.reason])).toEqual([
      [first.id, 'Roll call one'],
    ]);
    const cidSees = await api.call('GET', '/api/positionings/mine', {
      token: world.cid.token,
      customerId: world.company.id,
    });
    expect(cidSees.body.items).toEqual([]);
    const adminSees = await api.call('GET', '/api/positionings/mine', asAdmin);
    expect(adminSees.body.items).toHaveLength(2);

    // The person located finds it in My Data too.
    const myData = await api.call('GET', '/api/me/data', { token: world.anna.token });
    expect(JSON.stringify(myData.body)).toContain(first.id);
  });

  it('answers 404 for another company’s positioning, 403 to members, 400 for a bad id or query', async () => {
    const world = await arrange();
    const theirs = await arrange();
    const positioning = (await requestPositions(theirs, { reason: 'Their roll call', target: { company: true } })).body;
    const asAdmin = { token: world.admin.token, customerId: world.company.id };
    for (const path of ['', '/stats/users', '/stats/devices', '/devices']) {
      expect((await api.call('GET', `/api/positionings/${positioning.id}${path}`, asAdmin)).status).toBe(404);
      expect(
        (
          await api.call('GET', `/api/positionings/${positioning.id}${path}`, {
            token: theirs.anna.token,
            customerId: theirs.company.id,
          })
        ).status,
      ).toBe(403);
      expect((await api.call('GET', `/api/positionings/not-an-id${path}`, asAdmin)).status).toBe(400);
      expect((await api.call('GET', `/api/positionings/${positioning.id}${path}`)).status).toBe(401);
    }
    expect((await api.call('GET', `/api/positionings/${positioning.id}/devices?state=lost`, asAdmin)).status).toBe(400);
    expect((await api.call('GET', '/api/positionings/all?pageSize=0', asAdmin)).status).toBe(400);
    // Another company's admin cannot answer for a device of theirs, nor see it in their log.
    expect((await answer(world.admin, theirs.annaPhone, positioning.id, { lat: 1, lng: 1 })).status).toBe(404);
    const log = await api.call('GET', '/api/positionings/all', asAdmin);
    expect(log.body.items).toEqual([]);
  });

  it('refuses a malformed answer with 400 and answers without a session with 401', async () => {
    const world = await arrange();
    const positioning = (await requestPositions(world, { reason: 'Roll call', target: { company: true } })).body;
    for (const body of [{}, { lat: 91, lng: 0 }, { lat: 1 }, { declined: false }, { lat: 1, lng: 1, extra: true }]) {
      expect((await answer(world.anna, world.annaPhone, positioning.id, body)).status).toBe(400);
    }
    const anonymous = await api.call('POST', `/api/devices/${world.annaPhone}/positionings/${positioning.id}`, {
      body: { lat: 1, lng: 1 },
    });
    expect(anonymous.status).toBe(401);
    const devices = await devicesOf(world, positioning.id);
    expect(devices.filter((row) => row.state === 'pending')).toHaveLength(3);
  });
});
