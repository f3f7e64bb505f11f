import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// The device reads the positioning requests to it (issue 33, the responder): the open ones, and one by id whatever
// became of it. The device belongs to the account, so requests come from any of the person's companies. No worker
// runs: the data pushes are not the point here, the rows written by POST /api/positionings are.
type Member = Awaited<ReturnType<typeof createMember>>;
type Item = { positioningId: string; open: boolean; state: string; companyName: string };

const api = useApiTestContext();

async function addPhone(member: Member, name: string) {
  const response = await api.call('POST', '/api/devices', {
    token: member.token,
    body: { name, platform: 'android', pushToken: `token-${member.user.id}-${name}` },
  });
  expect(response.status).toBe(201);
  return response.body.deviceId as string;
}

async function arrange() {
  const company = await createCompany(api.db, { name: `Harbour ${crypto.randomUUID().slice(0, 6)}` });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const anna = await createMember(api.db, company.id, 'user', 'Anna Andersen');
  const bo = await createMember(api.db, company.id, 'user', 'Bo Berg');
  const annaPhone = await addPhone(anna, 'Anna phone');
  const annaTablet = await addPhone(anna, 'Anna tablet');
  const boPhone = await addPhone(bo, 'Bo phone');
  return { company, admin, anna, bo, annaPhone, annaTablet, boPhone };
}

async function askFor(
  asker: { admin: Member; company: { id: string } },
  reason: string,
  users: Member[],
): Promise<{ id: string; createdAt: string; answerBy: string }> {
  const response = await api.call('POST', '/api/positionings', {
    token: asker.admin.token,
    customerId: asker.company.id,
    body: { reason, target: { users: users.map((member) => member.user.id) } },
  });
  expect(response.status).toBe(201);
  return response.body;
}

function listOf(member: Member, deviceId: string) {
  return api.call('GET', `/api/devices/${deviceId}/positionings`, { token: member.token });
}

function oneOf(member: Member, deviceId: string, positioningId: string) {
  return api.call('GET', `/api/devices/${deviceId}/positionings/${positioningId}`, { token: member.token });
}

describe('positioning requests read by the device', () => {
  it('lists the open requests to the device newest first, and shows one answered or past its answer time', async () => {
    const world = await arrange();
    const answered = await askFor(world, 'Roll call at the quay', [world.anna]);
    const overdue = await askFor(world, 'Fire drill in hall A', [world.anna]);
    const older = await askFor(world, 'Gas smell in hall B', [world.anna, world.bo]);
    const newest = await askFor(world, 'Storm warning', [world.anna]);
    const found = await api.call('POST', `/api/devices/${world.annaPhone}/positionings/${answered.id}`, {
      token: world.anna.token,
      body: { lat: 59.9, lng: 10.7 },
    });
    expect(found.body).toMatchObject({ accepted: true, state: 'found' });
    await api.db.positioning.update({ where: { id: overdue.id }, data: { answerBy: new Date(Date.now() - 1_000) } });

    const list = await listOf(world.anna, world.annaPhone);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      items: [
        {
          positioningId: newest.id,
          reason: 'Storm warning',
          askedBy: 'Ada Admin',
          companyName: world.company.name,
          createdAt: newest.createdAt,
          answerBy: newest.answerBy,
          state: 'pending',
          declined: false,
          respondedAt: null,
          open: true,
        },
        expect.objectContaining({ positioningId: older.id, reason: 'Gas smell in hall B', open: true }),
      ],
    });

    const one = await oneOf(world.anna, world.annaPhone, answered.id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      positioningId: answered.id,
      reason: 'Roll call at the quay',
      askedBy: 'Ada Admin',
      companyName: world.company.name,
      createdAt: answered.createdAt,
      answerBy: answered.answerBy,
      state: 'found',
      declined: false,
      respondedAt: found.body.respondedAt,
      open: false,
    });
    const late = await oneOf(world.anna, world.annaPhone, overdue.id);
    expect(late.body).toMatchObject({ positioningId: overdue.id, state: 'pending', respondedAt: null, open: false });
    expect((await oneOf(world.anna, world.annaPhone, newest.id)).body).toMatchObject({ open: true });

    // Each device answers for itself: the tablet was asked as well, and has not answered.
    const tablet = await listOf(world.anna, world.annaTablet);
    expect(tablet.body.items.map((item: Item) => item.positioningId)).toEqual([newest.id, older.id, answered.id]);
    const declined = await api.call('POST', `/api/devices/${world.annaTablet}/positionings/${newest.id}`, {
      token: world.anna.token,
      body: { declined: true },
    });
    expect(declined.body).toMatchObject({ accepted: true, declined: true });
    expect((await oneOf(world.anna, world.annaTablet, newest.id)).body).toMatchObject({
      state: 'notReached',
      declined: true,
      respondedAt: expect.any(String),
      open: false,
    });
    expect((await listOf(world.anna, world.annaTablet)).body.items.map((item: Item) => item.positioningId)).toEqual([
      older.id,
      answered.id,
    ]);

    // The asking admin's account is gone: the request stays, without a name (as in its push).
    await api.db.positioning.update({ where: { id: newest.id }, data: { authorId: null } });
    expect((await oneOf(world.anna, world.annaPhone, newest.id)).body).toMatchObject({ askedBy: '', open: true });
  });

  it('lists at most the 20 newest open requests', async () => {
    const world = await arrange();
    const start = Date.now() - 30_000;
    const ids: string[] = [];
    for (let index = 0; index < 22; index++) {
      const positioning = await api.db.positioning.create({
        data: {
          companyId: world.company.id,
          authorId: world.admin.user.id,
          reason: `Roll call ${index}`,
          target: { users: [world.anna.user.id] },
          createdAt: new Date(start + index * 1_000),
          answerBy: new Date(Date.now() + 60_000),
          results: { create: { userId: world.anna.user.id, deviceId: world.annaPhone } },
        },
      });
      ids.push(positioning.id);
    }
    const list = await listOf(world.anna, world.annaPhone);
    expect(list.body.items.map((item: Item) => item.positioningId)).toEqual(ids.reverse().slice(0, 20));
  });

  it('shows a person the requests of each of their companies, and nobody else’s', async () => {
    const world = await arrange();
    const other = await createCompany(api.db, { name: `Quarry ${crypto.randomUUID().slice(0, 6)}` });
    const otherAdmin = await createMember(api.db, other.id, 'admin', 'Olga Other');
    const otherWorker = await createMember(api.db, other.id, 'user', 'Per Other');
    const otherPhone = await addPhone(otherWorker, 'Per phone');
    await api.db.membership.create({ data: { companyId: other.id, userId: world.anna.user.id } });

    const fromHarbour = await askFor(world, 'Roll call at the quay', [world.anna]);
    const fromQuarry = await askFor({ admin: otherAdmin, company: other }, 'Blasting at noon', [world.anna]);
    const toPer = await askFor({ admin: otherAdmin, company: other }, 'Where are you, Per?', [otherWorker]);

    const anna = await listOf(world.anna, world.annaPhone);
    expect(anna.body.items.map((item: Item) => [item.positioningId, item.companyName])).toEqual([
      [fromQuarry.id, other.name],
      [fromHarbour.id, world.company.name],
    ]);
    expect(anna.body.items[0]).toMatchObject({ askedBy: 'Olga Other', reason: 'Blasting at noon' });
    // Company A's request to Anna never reaches a device of Per, a person of company B only, nor Bo's in A.
    const per = await listOf(otherWorker, otherPhone);
    expect(per.body.items.map((item: Item) => item.positioningId)).toEqual([toPer.id]);
    expect((await oneOf(otherWorker, otherPhone, fromHarbour.id)).status).toBe(404);
    expect((await oneOf(otherWorker, otherPhone, fromQuarry.id)).status).toBe(404);
    expect((await listOf(world.bo, world.boPhone)).body.items).toEqual([]);
    expect((await oneOf(world.bo, world.boPhone, fromHarbour.id)).status).toBe(404);
  });

  it('answers 404 for another person’s device and another device’s positioning, 400 for bad ids, 401 without a session', async () => {
    const world = await arrange();
    const positioning = await askFor(world, 'Roll call at the quay', [world.anna]);

    // Another person's device, even with a request that was sent to it.
    expect((await listOf(world.bo, world.annaPhone)).status).toBe(404);
    expect((await oneOf(world.bo, world.annaPhone, positioning.id)).status).toBe(404);
    expect((await listOf(world.admin, world.annaPhone)).status).toBe(404);
    // A positioning that did not ask this device, and one that does not exist.
    expect((await oneOf(world.bo, world.boPhone, positioning.id)).status).toBe(404);
    expect((await oneOf(world.anna, world.annaPhone, crypto.randomUUID())).status).toBe(404);
    expect((await listOf(world.anna, crypto.randomUUID())).status).toBe(404);

    expect((await listOf(world.anna, 'not-a-device')).status).toBe(400);
    expect((await oneOf(world.anna, 'not-a-device', positioning.id)).status).toBe(400);
    const badPositioning = await oneOf(world.anna, world.annaPhone, 'not-a-positioning');
    expect(badPositioning.status).toBe(400);
    expect(badPositioning.body.errors).toEqual(['positioningId is not valid']);

    expect((await api.call('GET', `/api/devices/${world.annaPhone}/positionings`)).status).toBe(401);
    expect((await api.call('GET', `/api/devices/${world.annaPhone}/positionings/${positioning.id}`)).status).toBe(401);
  });
});
