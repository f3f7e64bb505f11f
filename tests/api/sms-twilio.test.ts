import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { Job, Queue } from 'bullmq';
import { call } from '../helpers/api-client';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { settledJob } from '../helpers/queued-jobs';
import { testEnv } from '../helpers/test-env';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

// SMS through Twilio: sendSms (here, or in the web server) queues; the real worker process delivers to a local fake of
// Twilio's REST API. lib/env reads the environment once, when first imported: the code under test is imported after it is set.
type Modules = {
  sendSms: typeof import('@/lib/providers/sms/send-sms').sendSms;
  smsJobId: typeof import('@/lib/queue').smsJobId;
  runJob: typeof import('@/jobs/job-registry').runJob;
  queue: Queue;
  disconnectRedis: () => Promise<void>;
};

let database: TestDatabase;
let twilio: FakeTwilio;
let worker: TestWorker;
let server: TestServer;
let m: Modules;
const savedEnv = { ...process.env };
const FROM = '+15005550006';

beforeAll(async () => {
  database = await createTestDatabase();
  twilio = await startFakeTwilio();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: `sms-${randomBytes(4).toString('hex')}`,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: FROM,
    TWILIO_API_URL: twilio.url,
  };
  Object.assign(process.env, env);
  const queues = await import('@/lib/queue');
  const redis = await import('@/lib/redis');
  m = {
    sendSms: (await import('@/lib/providers/sms/send-sms')).sendSms,
    smsJobId: (await import('@/lib/queue')).smsJobId,
    runJob: (await import('@/jobs/job-registry')).runJob,
    queue: queues.smsQueue(redis.redis()),
    disconnectRedis: redis.disconnectRedis,
  };
  worker = await startTestWorker({ ...process.env, ...env });
  server = await startTestServer(database.url, env);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await worker?.stop();
  await m?.queue.close();
  await m?.disconnectRedis();
  await twilio?.stop();
  await database?.drop();
  process.env = savedEnv;
});

const phone = () => `+4791${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
const sentTo = (to: string) => twilio.messages.filter((message) => message.to === to);

async function waitForSms(to: string, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (sentTo(to).length < count) {
    if (Date.now() > deadline) throw new Error(`${sentTo(to).length} of ${count} SMS to ${to} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sentTo(to);
}

const settled = (jobId: string) => settledJob(m.queue, jobId);

describe('SMS through Twilio', () => {
  it('delivers a message once, from TWILIO_FROM_NUMBER, authenticated with the account SID and token', async () => {
    const message = { to: phone(), body: 'Install the Tocsin app' };
    await m.sendSms(message);
    const [sms] = await waitForSms(message.to, 1);
    expect(await settled(m.smsJobId(message))).toBeUndefined();
    expect(sms).toMatchObject({ from: FROM, body: 'Install the Tocsin app' });
    expect(sms.sid).toMatch(/^SM/);
    expect(sentTo(message.to)).toHaveLength(1);
  });

  it('retries after a temporary failure (503) and then delivers once', async () => {
    const message = { to: phone(), body: 'After an outage' };
    twilio.failNext(1);
    await m.sendSms(message);
    await waitForSms(message.to, 1, 40_000);
    expect(await settled(m.smsJobId(message))).toBeUndefined();
    expect(twilio.log.filter((line) => line.endsWith('-> 503'))).toHaveLength(1);
    expect(sentTo(message.to)).toHaveLength(1);
  }, 60_000);

  it('gives up at once when Twilio refuses the number (400)', async () => {
    const message = { to: phone(), body: 'To a bad number' };
    twilio.invalidNumbers.add(message.to);
    await m.sendSms(message);
    const job = await settled(m.smsJobId(message));
    expect(await job!.isFailed()).toBe(true);
    expect(job!.attemptsMade).toBe(1);
    expect(job!.failedReason).toContain('not a valid phone number');
  });

  it('does not send again when a job that already delivered runs again (a worker died before recording completion)', async () => {
    const data = { to: phone(), body: 'Only once', companyId: null };
    const job = {
      id: `sms-rerun-${randomBytes(4).toString('hex')}`,
      name: 'send-sms',
      queueName: 'sms',
      timestamp: Date.now(),
      data,
    } as unknown as Job;
    await m.runJob(job);
    await m.runJob(job);
    expect(sentTo(data.to)).toHaveLength(1);
  });

  it('sends the app download reminder of the API as a real SMS, and not to the outbox', async () => {
    const { createCompany, createMember } = await import('../helpers/fixtures');
    const company = await createCompany(database.db, { name: 'Fjord Energi' });
    const admin = await createMember(database.db, company.id, 'admin');
    const member = await createMember(database.db, company.id);
    const response = await call(server.url, 'POST', '/api/users/app-download-reminder', {
      token: admin.token,
      body: { userIds: [member.user.id] },
    });
    expect(response.status).toBe(200);
    const [sms] = await waitForSms(member.user.phone!, 1);
    expect(sms.body).toContain('Fjord Energi uses Tocsin');
    expect(await database.db.outboundMessage.count({ where: { channel: 'sms' } })).toBe(0);
    expect(await database.db.outboundMessage.count({ where: { channel: 'email', recipient: member.user.email } })).toBe(
      1,
    );
  });
});
