import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { QueueEvents, type Job, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import webpush from 'web-push';
import type { Company } from '@/lib/generated/prisma/client';
import { readWebPushPayload } from '@/lib/providers/push/web-push-payload';
import { call } from '../helpers/api-client';
import { startFakeWebPush, type FakeWebPush } from '../helpers/fake-web-push';
import { settledJob } from '../helpers/queued-jobs';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { testEnv } from '../helpers/test-env';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

// Mission alarms (spec §1, §4): a mission still going on at its end time expires and raises one missionAlarm alert, to
// the company's mission alarm subscribers, else its admins. The job processor and the sweep run here against the test
// database; the last tests start a mission through the API and let the real worker's delayed job fire, and its person's
// warning shortly before the end time go by Web Push to a local push service (issue 33).
// lib/env reads the environment once, when first imported: the code under test is imported after it is set.
type Modules = {
  raiseMissionAlarm: typeof import('@/lib/missions/raise-mission-alarm').raiseMissionAlarm;
  sweepExpiredMissions: typeof import('@/lib/missions/sweep-expired-missions').sweepExpiredMissions;
  runJob: typeof import('@/jobs/job-registry').runJob;
  missionAlarmJobId: typeof import('@/lib/queue').missionAlarmJobId;
  missionWarningJobId: typeof import('@/lib/queue').missionWarningJobId;
  missions: Queue;
  delivery: Queue;
  close: () => Promise<void>;
};

let database: TestDatabase;
let m: Modules;
let createCompany: typeof import('../helpers/fixtures').createCompany;
let createMember: typeof import('../helpers/fixtures').createMember;
const savedEnv = { ...process.env };
const queuePrefix = `missions-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: queuePrefix,
  });
  ({ createCompany, createMember } = await import('../helpers/fixtures'));
  const queues = await import('@/lib/queue');
  const { redis, disconnectRedis } = await import('@/lib/redis');
  const { disconnectDb } = await import('@/lib/db');
  const { closeEmitter } = await import('@/lib/realtime/emit-company-event');
  const missions = queues.missionsQueue(redis());
  const delivery = queues.deliveryQueue(redis());
  m = {
    raiseMissionAlarm: (await import('@/lib/missions/raise-mission-alarm')).raiseMissionAlarm,
    sweepExpiredMissions: (await import('@/lib/missions/sweep-expired-missions')).sweepExpiredMissions,
    runJob: (await import('@/jobs/job-registry')).runJob,
    missionAlarmJobId: queues.missionAlarmJobId,
    missionWarningJobId: queues.missionWarningJobId,
    missions,
    delivery,
    close: async () => {
      await missions.close();
      await delivery.close();
      closeEmitter();
      await disconnectRedis();
      await disconnectDb();
    },
  };
}, 60_000);

afterAll(async () => {
  await m?.close();
  await database?.drop();
  process.env = savedEnv;
});

const MINUTE = 60_000;
/** A mission's alarm job run as the worker runs it. */
const alarmJob = async (data: unknown) =>
  (await m.runJob({ name: 'mission-alarm', data } as Job)) as { alertId: string | null };

async function startedMission(
  companyId: string,
  userId: string,
  data: { endTime: Date; description?: string | null; status?: 'ongoing' | 'finished' },
) {
  const { endTime, description = null, status = 'ongoing' } = data;
  return database.db.mission.create({
    data: {
      companyId,
      userId,
      endTime,
      description,
      status,
      startedAt: new Date(endTime.getTime() - 60 * MINUTE),
      finishedAt: status === 'finished' ? new Date() : null,
    },
  });
}

async function alarmsOf(missionId: string) {
  return database.db.alert.findMany({ where: { missionId }, include: { recipients: { orderBy: { userId: 'asc' } } } });
}

async function subscribe(company: Company, userId: string) {
  await database.db.missionSubscriber.create({ data: { companyId: company.id, userId } });
}

describe('mission alarms', () => {
  it('raise one alarm, in the company language, to the mission alarm subscribers who are still members', async () => {
    const company = await database.db.company.update({
      where: { id: (await createCompany(database.db)).id },
      data: { language: 'no-nb' },
    });
    const admin = await createMember(database.db, company.id, 'admin');
    const worker = await createMember(database.db, company.id, 'user', 'Ola Nordmann');
    const subscriber = await createMember(database.db, company.id, 'user');
    const removed = await createMember(database.db, company.id, 'user');
    await subscribe(company, subscriber.user.id);
    await subscribe(company, removed.user.id);
    await database.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
    const endTime = new Date('2025-11-21T05:30:00Z');
    const mission = await startedMission(company.id, worker.user.id, { endTime, description: 'Inspiserer demningen' });
    await database.db.position.create({
      data: {
        userId: worker.user.id,
        lat: 59.91,
        lng: 10.75,
        accuracy: 12,
        source: 'mission',
        recordedAt: new Date(endTime.getTime() - MINUTE),
      },
    });

    const { alertId } = await alarmJob({ missionId: mission.id });

    const [alarm] = await alarmsOf(mission.id);
    expect(alarm.id).toBe(alertId);
    expect(alarm).toMatchObject({
      type: 'missionAlarm',
      status: 'active',
      companyId: company.id,
      authorId: worker.user.id,
      channels: ['push', 'sms'],
      sentAt: expect.any(Date),
      title: 'Oppdragsalarm: Ola Nordmann',
      message:
        'Ola Nordmann har ikke avsluttet oppdraget «Inspiserer demningen», som skulle vært ferdig 21.11.2025, 06:30. Kontakt Ola Nordmann straks.',
      containsAuthorLocation: true,
      authorLat: 59.91,
      authorLng: 10.75,
    });
    expect(alarm.recipients.map((r) => [r.userId, r.inTarget])).toEqual([[subscriber.user.id, true]]);
    const receipts = await database.db.receipt.findMany({ where: { alertId: alarm.id }, orderBy: { channel: 'asc' } });
    expect(receipts.map((r) => [r.userId, r.channel, r.state, r.fallback])).toEqual([
      [subscriber.user.id, 'push', 'pending', false],
      [subscriber.user.id, 'sms', 'pending', false],
    ]);
    const expired = await database.db.mission.findUniqueOrThrow({ where: { id: mission.id } });
    expect(expired).toMatchObject({ status: 'expired', expiredAt: alarm.sentAt });
    expect((await m.delivery.getJob(`dispatch-${alarm.id}`))?.name).toBe('dispatch-alert');
    expect(await database.db.receipt.count({ where: { userId: admin.user.id } })).toBe(0);
  });

  it('without subscribers, alarm every active admin and owner, and name the end time when the mission has no description', async () => {
    const company = await createCompany(database.db);
    const owner = await createMember(database.db, company.id, 'owner');
    const admin = await createMember(database.db, company.id, 'admin');
    const superAdmin = await createMember(database.db, company.id, 'superAdmin');
    const removedAdmin = await createMember(database.db, company.id, 'admin');
    await database.db.membership.updateMany({
      where: { userId: removedAdmin.user.id },
      data: { deletedAt: new Date() },
    });
    await createMember(database.db, company.id, 'teamadmin');
    const worker = await createMember(database.db, company.id, 'user', 'Kari Worker');
    const mission = await startedMission(company.id, worker.user.id, { endTime: new Date('2026-11-22T05:30:00Z') });

    const alertId = await m.raiseMissionAlarm(database.db, mission.id, new Date('2026-11-22T05:30:30Z'));

    const [alarm] = await alarmsOf(mission.id);
    expect(alarm.id).toBe(alertId);
    expect(alarm.title).toBe('Mission alarm: Kari Worker');
    // Newer ICU puts a narrow no-break space before AM.
    expect(alarm.message.replace('\u202f', ' ')).toBe(
      'Kari Worker has not finished their mission, which was to end at 11/22/26, 6:30 AM. Contact Kari Worker at once.',
    );
    expect(alarm.containsAuthorLocation).toBe(false);
    expect(alarm.recipients.map((r) => r.userId)).toEqual([owner.user.id, admin.user.id, superAdmin.user.id].sort());
    expect(await database.db.receipt.count({ where: { alertId: alarm.id } })).toBe(6);
  });

  it('raise nothing for a finished mission or one not yet at its end time', async () => {
    const company = await createCompany(database.db);
    await createMember(database.db, company.id, 'owner');
    const worker = await createMember(database.db, company.id);
    const finished = await startedMission(company.id, worker.user.id, {
      endTime: new Date(Date.now() - MINUTE),
      status: 'finished',
    });
    const endTime = new Date(Date.now() + 10 * MINUTE);
    const running = await startedMission(company.id, worker.user.id, { endTime });

    expect(await alarmJob({ missionId: finished.id })).toEqual({ alertId: null });
    expect(await alarmJob({ missionId: running.id })).toEqual({ alertId: null });
    expect(await m.raiseMissionAlarm(database.db, running.id, new Date(endTime.getTime() - 1))).toBeNull();
    expect(await m.sweepExpiredMissions(database.db, new Date(endTime.getTime() - 1))).toBe(0);

    expect(await database.db.alert.count({ where: { missionId: { in: [finished.id, running.id] } } })).toBe(0);
    expect((await database.db.mission.findUniqueOrThrow({ where: { id: finished.id } })).status).toBe('finished');
    expect((await database.db.mission.findUniqueOrThrow({ where: { id: running.id } })).status).toBe('ongoing');
  });

  it('raise one alarm per mission whoever gets there first: the sweep, the delayed job, a rerun, or several at once', async () => {
    const company = await createCompany(database.db);
    await createMember(database.db, company.id, 'owner');
    const worker = await createMember(database.db, company.id);
    const colleague = await createMember(database.db, company.id);
    const endTime = new Date(Date.now() - MINUTE);
    const first = await startedMission(company.id, worker.user.id, { endTime });
    const second = await startedMission(company.id, colleague.user.id, { endTime });
    const sweptAt = new Date();

    expect(await m.runJob({ name: 'sweep-expired-missions', data: {} } as Job)).toEqual({ affected: 2 });
    expect(await alarmJob({ missionId: first.id })).toEqual({ alertId: null });
    expect(await m.sweepExpiredMissions(database.db, sweptAt)).toBe(0);
    expect(await m.raiseMissionAlarm(database.db, second.id, sweptAt)).toBeNull();
    expect((await alarmsOf(first.id)).length).toBe(1);
    expect((await alarmsOf(second.id)).length).toBe(1);

    const third = await startedMission(company.id, worker.user.id, { endTime });
    const [raised, swept, job] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => m.raiseMissionAlarm(database.db, third.id, sweptAt))),
      m.sweepExpiredMissions(database.db, sweptAt),
      alarmJob({ missionId: third.id }),
    ]);
    const alarms = await alarmsOf(third.id);
    expect(alarms.length).toBe(1);
    expect([...raised, job.alertId].filter(Boolean).length + swept).toBe(1);
    expect(await database.db.receipt.count({ where: { alertId: alarms[0].id } })).toBe(2);
  });

  it('leave the missions of deleted companies alone', async () => {
    const company = await createCompany(database.db);
    await createMember(database.db, company.id, 'owner');
    const worker = await createMember(database.db, company.id);
    const mission = await startedMission(company.id, worker.user.id, { endTime: new Date(Date.now() - MINUTE) });
    await database.db.company.update({ where: { id: company.id }, data: { deletedAt: new Date() } });
    await m.sweepExpiredMissions(database.db, new Date());
    expect(await m.raiseMissionAlarm(database.db, mission.id, new Date())).toBeNull();
    expect(await alarmsOf(mission.id)).toEqual([]);
    expect((await database.db.mission.findUniqueOrThrow({ where: { id: mission.id } })).status).toBe('ongoing');
  });

  it('refuse a job without a mission id for good', async () => {
    await expect(alarmJob({ missionId: 'not-a-uuid' })).rejects.toThrow('invalid mission-alarm job');
  });
});

describe('mission alarms with the real worker', () => {
  let server: TestServer;
  let worker: TestWorker;
  let events: QueueEvents;
  let eventsConnection: Redis;
  let pushService: FakeWebPush;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: testEnv('TEST_REDIS_URL'), QUEUE_PREFIX: queuePrefix };
    eventsConnection = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
    events = new QueueEvents('missions', { connection: eventsConnection, prefix: queuePrefix });
    await events.waitUntilReady();
    pushService = await startFakeWebPush(vapid.publicKey);
    const certificateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-mission-push-')), 'push.pem');
    fs.writeFileSync(certificateFile, pushService.certificate);
    // Without the maintenance queue: its minute sweep of expired missions would raise an alarm first whenever a
    // minute turns between a mission's end and its delayed job, and these tests are about the delayed job.
    worker = await startTestWorker({
      ...process.env,
      ...env,
      WORKER_QUEUES: 'missions,delivery',
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_SUBJECT: 'mailto:ops@tocsin.test',
      NODE_EXTRA_CA_CERTS: certificateFile,
    });
    server = await startTestServer(database.url, env);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await worker?.stop();
    await events?.close();
    eventsConnection?.disconnect();
    await pushService?.stop();
  });

  function completion(jobId: string, timeoutMs = 30_000): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${jobId} did not complete in ${timeoutMs} ms`)), timeoutMs);
      events.on('completed', ({ jobId: completed, returnvalue }) => {
        if (completed !== jobId) return;
        clearTimeout(timer);
        resolve(returnvalue);
      });
    });
  }

  async function missionCompany() {
    const company = await createCompany(database.db, { features: ['mission'] });
    const admin = await createMember(database.db, company.id, 'admin');
    const person = await createMember(database.db, company.id, 'user', 'Lone Worker');
    return { company, admin, person };
  }

  it('the mission started through the API raises its alarm when its delayed job fires at the end time', async () => {
    const { admin, person } = await missionCompany();
    const endTime = new Date(Date.now() + 6_000);
    const started = await call(server.url, 'POST', '/api/missions', {
      token: person.token,
      body: { endTime: endTime.toISOString(), description: 'Dam inspection' },
    });
    expect(started.status).toBe(201);
    const jobId = m.missionAlarmJobId(started.body.id, started.body.endTime);
    const done = completion(jobId);
    expect(await (await m.missions.getJob(jobId))?.getState()).toBe('delayed');

    const result = (await done) as { alertId: string };
    expect(Date.now()).toBeGreaterThanOrEqual(endTime.getTime());
    const alarms = await alarmsOf(started.body.id);
    expect(alarms.map((alarm) => alarm.id)).toEqual([result.alertId]);
    expect(alarms[0].recipients.map((r) => r.userId)).toEqual([admin.user.id]);
    expect(alarms[0].message).toContain('Dam inspection');
    expect((await database.db.mission.findUniqueOrThrow({ where: { id: started.body.id } })).status).toBe('expired');
  });

  it('the expired mission stays listed as overdue, can be finished, and never raises a second alarm', async () => {
    const { admin, person } = await missionCompany();
    const started = await call(server.url, 'POST', '/api/missions', {
      token: person.token,
      body: { endTime: new Date(Date.now() + 3_000).toISOString() },
    });
    const jobId = m.missionAlarmJobId(started.body.id, started.body.endTime);
    const { alertId } = (await completion(jobId)) as { alertId: string };
    expect(alertId).toEqual(expect.any(String));

    const active = await call(server.url, 'GET', '/api/missions/all/active', { token: admin.token });
    expect(active.body.items).toEqual([
      expect.objectContaining({ id: started.body.id, status: 'expired', overdue: true, expiredAt: expect.any(String) }),
    ]);
    const mine = await call(server.url, 'GET', '/api/missions/mine/active', { token: person.token });
    expect(mine.body.mission).toMatchObject({ id: started.body.id, overdue: true });

    const finished = await call(server.url, 'PUT', `/api/missions/${started.body.id}/finish`, { token: person.token });
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({
      status: 'finished',
      finishedAt: expect.any(String),
      expiredAt: active.body.items[0].expiredAt,
    });

    // Well past its end time; the sweep looks at every company's missions, and none of this file's is still due.
    const later = new Date();
    expect(await m.sweepExpiredMissions(database.db, later)).toBe(0);
    expect(await m.raiseMissionAlarm(database.db, started.body.id, later)).toBeNull();
    expect(await alarmJob({ missionId: started.body.id })).toEqual({ alertId: null });
    expect((await alarmsOf(started.body.id)).map((alarm) => alarm.id)).toEqual([alertId]);
    expect((await database.db.mission.findUniqueOrThrow({ where: { id: started.body.id } })).status).toBe('finished');
  });

  it('a mission whose end time moved raises its alarm at the new end time, never at the old one', async () => {
    const { admin, person } = await missionCompany();
    const firstEnd = new Date(Date.now() + 3_000).toISOString();
    const started = await call(server.url, 'POST', '/api/missions', {
      token: person.token,
      body: { endTime: firstEnd },
    });
    const missionId = started.body.id as string;
    const firstJobId = m.missionAlarmJobId(missionId, firstEnd);
    expect(await (await m.missions.getJob(firstJobId))?.getState()).toBe('delayed');

    const newEnd = new Date(Date.now() + 90_000).toISOString();
    const move = () =>
      call(server.url, 'PUT', `/api/missions/${missionId}`, { token: person.token, body: { endTime: newEnd } });
    expect((await move()).status).toBe(200);
    // Sent twice (a retry): the job of the new end time stays, once.
    expect((await move()).status).toBe(200);
    const newJobId = m.missionAlarmJobId(missionId, newEnd);
    const newJob = await m.missions.getJob(newJobId);
    expect(await newJob?.getState()).toBe('delayed');
    expect(newJob?.data).toEqual({ missionId, endTime: newEnd });
    expect(Math.abs(newJob!.timestamp + newJob!.delay - Date.parse(newEnd))).toBeLessThan(1_000);
    expect(await m.missions.getJob(firstJobId)).toBeUndefined();
    const delayedAlarms = (await m.missions.getDelayed()).filter(
      (job) => job.name === 'mission-alarm' && job.data.missionId === missionId,
    );
    expect(delayedAlarms).toHaveLength(1);

    // A stray job of the old end time (a copy left behind, a retry) runs past it and finds the mission not yet due.
    const stray = completion(firstJobId);
    await m.missions.add(
      'mission-alarm',
      { missionId, endTime: firstEnd },
      { jobId: firstJobId, delay: Math.max(0, Date.parse(firstEnd) - Date.now()) + 500 },
    );
    expect(await stray).toEqual({ alertId: null });
    expect(Date.now()).toBeGreaterThan(Date.parse(firstEnd));
    expect(await alarmsOf(missionId)).toEqual([]);
    expect((await database.db.mission.findUniqueOrThrow({ where: { id: missionId } })).status).toBe('ongoing');

    // The job of the new end time is due in 90 s (a mission's end moves at least a minute ahead); the processor it
    // runs raises the alarm from the new end time on, once.
    expect(await m.raiseMissionAlarm(database.db, missionId, new Date(Date.parse(newEnd) - 1))).toBeNull();
    const alertId = await m.raiseMissionAlarm(database.db, missionId, new Date(newEnd));
    expect(alertId).toEqual(expect.any(String));
    expect(await m.raiseMissionAlarm(database.db, missionId, new Date(Date.parse(newEnd) + 60_000))).toBeNull();
    const alarms = await alarmsOf(missionId);
    expect(alarms.map((alarm) => [alarm.id, alarm.recipients.map((r) => r.userId)])).toEqual([
      [alertId, [admin.user.id]],
    ]);
    await newJob?.remove();
  });

  it('a mission finished before its end time raises nothing when its job fires', async () => {
    const { person } = await missionCompany();
    const started = await call(server.url, 'POST', '/api/missions', {
      token: person.token,
      body: { endTime: new Date(Date.now() + 5_000).toISOString() },
    });
    const jobId = m.missionAlarmJobId(started.body.id, started.body.endTime);
    const done = completion(jobId);
    expect(
      (await call(server.url, 'PUT', `/api/missions/${started.body.id}/finish`, { token: person.token })).status,
    ).toBe(200);

    expect(await done).toEqual({ alertId: null });
    expect(await settledJob(m.missions, jobId)).toBeUndefined();
    expect(await alarmsOf(started.body.id)).toEqual([]);
    expect((await database.db.mission.findUniqueOrThrow({ where: { id: started.body.id } })).status).toBe('finished');
  });

  /** A browser of the person's with a push subscription at the local push service. */
  async function browser(token: string) {
    const { id, subscription } = pushService.subscribe();
    const created = await call(server.url, 'POST', '/api/devices', {
      token,
      body: { name: 'Chromium', platform: 'web', pushSubscription: subscription },
    });
    expect(created.status).toBe(201);
    return id;
  }

  const pushesTo = (subscriptionId: string) =>
    pushService.received.filter((push) => push.subscriptionId === subscriptionId);

  it("warns the mission's person once, on their browser, halfway through a short mission and before its end", async () => {
    const { person, admin, company } = await missionCompany();
    const colleague = await createMember(database.db, company.id, 'user');
    const own = await browser(person.token);
    const colleagues = await browser(colleague.token);
    const admins = await browser(admin.token);
    const endTime = new Date(Date.now() + 6_000);
    const started = await call(server.url, 'POST', '/api/missions', {
      token: person.token,
      body: { endTime: endTime.toISOString() },
    });
    expect(started.status).toBe(201);
    const missionId = started.body.id as string;
    const jobId = m.missionWarningJobId(missionId, started.body.endTime);
    expect(jobId).toBe(`mission-warning-${missionId}-${endTime.getTime()}`);
    const warned = completion(jobId);
    const alarmed = completion(m.missionAlarmJobId(missionId, started.body.endTime));
    const job = await m.missions.getJob(jobId);
    expect(job?.name).toBe('mission-warning');
    expect(job?.data).toEqual({ missionId, endTime: started.body.endTime });
    expect(await job?.getState()).toBe('delayed');
    // Halfway through the 6 s mission (its start is the server's clock, a few ms before the request returned).
    expect(Math.abs(job!.timestamp + job!.delay - (endTime.getTime() - 3_000))).toBeLessThan(500);

    expect(await warned).toEqual({ sent: 1 });
    expect(Date.now()).toBeLessThan(endTime.getTime());
    const [push, ...more] = pushesTo(own);
    expect(more).toEqual([]);
    expect(push.payload).toEqual({
      title: expect.any(String),
      body: expect.any(String),
      tag: `mission-${missionId}`,
      data: { type: 'missionWarning', missionId, endTime: started.body.endTime },
    });
    expect(readWebPushPayload(JSON.stringify(push.payload))).toEqual(push.payload);
    // The TTL runs to the end time, 3 s away, but is never under a minute.
    expect(push.headers).toMatchObject({ urgency: 'high', ttl: '60', topic: missionId.replaceAll('-', '') });

    // The alarm follows at the end time (to the admin, whose browser gets it as an alert); the person is not warned again.
    await alarmed;
    expect(pushesTo(own)).toHaveLength(1);
    expect(pushesTo(colleagues)).toEqual([]);
    expect(pushesTo(admins).map((alarm) => alarm.payload.data.type)).not.toContain('missionWarning');
  });

  it('moves the warning with the end time: the old end time warns nobody, the new one once', async () => {
    const { person } = await missionCompany();
    const own = await browser(person.token);
    const firstEnd = new Date(Date.now() + 4_000).toISOString();
    const started = await call(server.url, 'POST', '/api/missions', {
      token: person.token,
      body: { endTime: firstEnd },
    });
    const missionId = started.body.id as string;
    const firstJobId = m.missionWarningJobId(missionId, firstEnd);
    expect(await (await m.missions.getJob(firstJobId))?.getState()).toBe('delayed');

    const newEnd = new Date(Date.now() + 62_000).toISOString();
    const moved = await call(server.url, 'PUT', `/api/missions/${missionId}`, {
      token: person.token,
      body: { endTime: newEnd },
    });
    expect(moved.status).toBe(200);
    expect(await m.missions.getJob(firstJobId)).toBeUndefined();
    const newJobId = m.missionWarningJobId(missionId, newEnd);
    const newJob = await m.missions.getJob(newJobId);
    expect(newJob?.data).toEqual({ missionId, endTime: newEnd });
    // Halfway through its new length, counted from the start.
    const due = newJob!.timestamp + newJob!.delay;
    expect(Math.abs(due - (Date.parse(newEnd) + Date.parse(started.body.startedAt)) / 2)).toBeLessThan(500);
    const warned = completion(newJobId);

    // A stray job of the old end time (a copy left behind) runs and sends nothing.
    const stray = completion(firstJobId);
    await m.missions.add('mission-warning', { missionId, endTime: firstEnd }, { jobId: firstJobId, delay: 2_000 });
    expect(await stray).toEqual({ sent: 0 });
    expect(pushesTo(own)).toEqual([]);

    // Its time is checked above: run it now instead of waiting half a minute for it.
    await newJob!.promote();
    expect(await warned).toEqual({ sent: 1 });
    expect(pushesTo(own).map((push) => push.payload.data)).toEqual([
      { type: 'missionWarning', missionId, endTime: newEnd },
    ]);
    expect((await call(server.url, 'PUT', `/api/missions/${missionId}/finish`, { token: person.token })).status).toBe(
      200,
    );
  }, 90_000);

  it('sends no warning for a mission finished before it', async () => {
    const { person } = await missionCompany();
    const own = await browser(person.token);
    const started = await call(server.url, 'POST', '/api/missions', {
      token: person.token,
      body: { endTime: new Date(Date.now() + 4_000).toISOString() },
    });
    const jobId = m.missionWarningJobId(started.body.id, started.body.endTime);
    const warned = completion(jobId);
    expect(
      (await call(server.url, 'PUT', `/api/missions/${started.body.id}/finish`, { token: person.token })).status,
    ).toBe(200);
    expect(await warned).toEqual({ sent: 0 });
    expect(pushesTo(own)).toEqual([]);
  });
});
