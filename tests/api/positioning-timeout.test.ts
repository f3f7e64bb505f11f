import { describe, it, expect, afterAll, beforeAll } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { useApiTestContext } from '../helpers/api-test-context';
import { listenToCompany } from '../helpers/company-events';
import { createCompany, createMember } from '../helpers/fixtures';
import { testEnv } from '../helpers/test-env';
import { startWorkerBeside, type TestWorker } from '../helpers/test-worker';

// Devices that do not answer a positioning in time become not reached (issue 17): by the delayed job at the answer time
// (shortened to 5 s here; positionings.test.ts holds the default of 60 s), or by the minute sweep when that job was lost.
const ANSWER_SECONDS = 5;

let worker: TestWorker | undefined;
let redis: Redis | undefined;
afterAll(async () => {
  await worker?.stop();
  redis?.disconnect();
});
const api = useApiTestContext({ POSITIONING_ANSWER_SECONDS: String(ANSWER_SECONDS) });
beforeAll(async () => {
  worker = await startWorkerBeside(api, {
    WORKER_QUEUES: 'positionings,maintenance',
    POSITIONING_ANSWER_SECONDS: String(ANSWER_SECONDS),
  });
  redis = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
}, 90_000);

async function arrange() {
  const company = await createCompany(api.db, { plan: 'enterprise' });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const [anna, bo] = await Promise.all(
    ['Anna Andersen', 'Bo Berg'].map((name) => createMember(api.db, company.id, 'user', name)),
  );
  const phoneOf = async (member: typeof anna) =>
    (
      await api.call('POST', '/api/devices', {
        token: member.token,
        body: { name: `${member.user.name} phone`, platform: 'android', pushToken: `token-${member.user.id}` },
      })
    ).body.deviceId as string;
  return { company, admin, anna, bo, annaPhone: await phoneOf(anna), boPhone: await phoneOf(bo) };
}

async function waitUntilClosed(positioningId: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const positioning = await api.db.positioning.findUniqueOrThrow({ where: { id: positioningId } });
    if (positioning.closedAt) return positioning;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`positioning ${positioningId} was not closed within ${timeoutMs} ms`);
}

describe('the time to answer a positioning', () => {
  it('runs out by a delayed job: the silent are not reached, shown with their last known position', async () => {
    const world = await arrange();
    const lastSeen = new Date(Date.now() - 3 * 60 * 60_000);
    await api.db.position.create({ data: { userId: world.bo.user.id, lat: 60.39, lng: 5.32, recordedAt: lastSeen } });
    const asAdmin = { token: world.admin.token, customerId: world.company.id };
    const requested = await api.call('POST', '/api/positionings', {
      ...asAdmin,
      body: { reason: 'Storm warning', target: { users: [world.anna.user.id, world.bo.user.id] } },
    });
    expect(requested.status).toBe(201);
    const positioning = requested.body;
    expect(new Date(positioning.answerBy).getTime() - new Date(positioning.createdAt).getTime()).toBe(
      ANSWER_SECONDS * 1000,
    );
    const answered = await api.call('POST', `/api/devices/${world.annaPhone}/positionings/${positioning.id}`, {
      token: world.anna.token,
      body: { lat: 59.91, lng: 10.75, accuracy: 20 },
    });
    expect(answered.body).toMatchObject({ accepted: true, state: 'found' });

    const events = await listenToCompany(api.url, world.admin.token, world.company.id);
    try {
      const closedEvent = events.next(`positioningChangedCustomerId:${world.company.id}`, 20_000);
      const closed = await waitUntilClosed(positioning.id, 20_000);
      expect(closed.closedAt!.getTime()).toBeGreaterThanOrEqual(new Date(positioning.answerBy).getTime() - 1000);
      await expect(closedEvent).resolves.toEqual({ positioningId: positioning.id });
    } finally {
      events.close();
    }

    const devices = await api.call('GET', `/api/positionings/${positioning.id}/devices`, asAdmin);
    expect(devices.body.items).toMatchObject([
      {
        user: { name: 'Anna Andersen' },
        state: 'found',
        position: { lat: 59.91, lng: 10.75 },
        lastKnownPosition: null,
      },
      {
        user: { name: 'Bo Berg' },
        state: 'notReached',
        position: null,
        lastKnownPosition: { lat: 60.39, lng: 5.32, recordedAt: lastSeen.toISOString() },
      },
    ]);
    // Too late: the answer changes nothing.
    const late = await api.call('POST', `/api/devices/${world.boPhone}/positionings/${positioning.id}`, {
      token: world.bo.token,
      body: { lat: 59.91, lng: 10.75 },
    });
    expect(late.body).toMatchObject({ accepted: false, state: 'notReached' });
    const stats = await api.call('GET', `/api/positionings/${positioning.id}/stats/users`, asAdmin);
    expect(stats.body).toMatchObject({ total: 2, found: 1, notReached: 1, pending: 0 });
  }, 40_000);

  it('runs out by the minute sweep when the delayed job was lost', async () => {
    const world = await arrange();
    const answerBy = new Date(Date.now() - 30_000);
    const lost = await api.db.positioning.create({
      data: {
        companyId: world.company.id,
        authorId: world.admin.user.id,
        reason: 'Its close job was lost',
        target: { company: true },
        createdAt: new Date(answerBy.getTime() - ANSWER_SECONDS * 1000),
        answerBy,
        results: {
          create: [
            { userId: world.anna.user.id, deviceId: world.annaPhone, state: 'pending' },
            { userId: world.bo.user.id, deviceId: world.boPhone, state: 'found', lat: 1, lng: 1 },
          ],
        },
      },
    });
    const maintenance = new Queue('maintenance', { connection: redis!, prefix: api.server.queuePrefix });
    try {
      await maintenance.add('close-overdue-positionings', {});
      await waitUntilClosed(lost.id, 20_000);
    } finally {
      await maintenance.close();
    }
    const states = await api.db.positioningResult.findMany({
      where: { positioningId: lost.id },
      orderBy: { deviceId: 'asc' },
      select: { deviceId: true, state: true },
    });
    expect(Object.fromEntries(states.map((row) => [row.deviceId, row.state]))).toEqual({
      [world.annaPhone]: 'notReached',
      [world.boPhone]: 'found',
    });
  }, 40_000);
});
