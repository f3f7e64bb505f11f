import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import { sendCompanyAlert, settledReceipts, startDeliveryWorker, waitFor } from '../helpers/alert-delivery';
import { testEnv } from '../helpers/test-env';
import { dropConfirmedFallbacks } from '@/lib/delivery/drop-confirmed-fallbacks';
import type { TestWorker } from '../helpers/test-worker';

// Alert delivery end to end with the real server, the real worker, Postgres and Redis, and no provider configured: every
// message goes to the outbox driver, which records one row per message. The fallback SMS delay is shortened to a few
// seconds (FALLBACK_SMS_DELAY_SECONDS); everything else is as in production.
const FALLBACK_DELAY_SECONDS = 5;
const api = useApiTestContext();
let worker: TestWorker;
let redis: Redis;
let delivery: Queue;

beforeAll(async () => {
  worker = await startDeliveryWorker(api, { FALLBACK_SMS_DELAY_SECONDS: String(FALLBACK_DELAY_SECONDS) });
  redis = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
  delivery = new Queue('delivery', { connection: redis, prefix: api.server.queuePrefix });
}, 60_000);
afterAll(async () => {
  await delivery?.close();
  redis?.disconnect();
  await worker?.stop();
});

type Member = Awaited<ReturnType<typeof createMember>>;

const sendAlert = (sender: Member, companyId: string, channels: string[]) =>
  sendCompanyAlert(api, sender, companyId, {
    title: 'Gas leak in hall 3',
    message: 'Leave hall 3 now and meet at the gate',
    channels,
  });

const settled = (alertId: string) => settledReceipts(api.db, alertId);

async function addDevice(member: Member, platform: 'android' | 'ios' = 'android') {
  return api.db.device.create({
    data: {
      userId: member.user.id,
      name: `${member.user.name}'s phone`,
      platform,
      pushToken: `token-${member.user.id}`,
    },
  });
}

describe('alert delivery through the worker (outbox drivers)', () => {
  it('sends push, SMS and voice once per receipt, records what it cannot send, and a second dispatch sends nothing more', async () => {
    const company = await createCompany(api.db, { plan: 'enterprise' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const anna = await createMember(api.db, company.id, 'user', 'Anna Berg');
    const bo = await createMember(api.db, company.id, 'user', 'Bo Carlsen');
    const cara = await createMember(api.db, company.id, 'user', 'Cara Dahl');
    await api.db.user.update({ where: { id: cara.user.id }, data: { phone: null } });
    const annasPhone = await addDevice(anna);
    await addDevice(cara, 'ios');

    const alertId = await sendAlert(admin, company.id, ['push', 'sms', 'voice']);
    const receipts = await settled(alertId);

    const stateOf = (member: Member, channel: string) =>
      receipts.find((r) => r.userId === member.user.id && r.channel === channel && !r.fallback);
    expect(stateOf(anna, 'push')).toMatchObject({
      state: 'recorded',
      providerId: expect.stringMatching(/^outbox:/),
      error: null,
    });
    expect(stateOf(bo, 'push')).toMatchObject({ state: 'failed', error: 'noApp' });
    expect(stateOf(admin, 'push')).toMatchObject({ state: 'failed', error: 'noApp' });
    expect(stateOf(cara, 'push')).toMatchObject({ state: 'recorded' });
    for (const member of [admin, anna, bo]) {
      expect(stateOf(member, 'sms')).toMatchObject({
        state: 'recorded',
        providerId: expect.stringMatching(/^outbox:/),
      });
      expect(stateOf(member, 'voice')).toMatchObject({
        state: 'recorded',
        providerId: expect.stringMatching(/^outbox:/),
      });
    }
    expect(stateOf(cara, 'sms')).toMatchObject({ state: 'failed', error: 'noPhone' });
    expect(stateOf(cara, 'voice')).toMatchObject({ state: 'failed', error: 'noPhone' });
    // SMS was chosen: nobody needs a fallback SMS.
    expect(receipts.filter((receipt) => receipt.fallback)).toEqual([]);
    // The report says so: nobody was sent anything; Cara, with no phone and a push only recorded, is not failed either.
    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries`, { token: admin.token });
    expect(report.status).toBe(200);
    expect(report.body.stats).toMatchObject({ recipients: 4, recorded: 4, sent: 0, failed: 0 });

    const outbox = await api.db.outboundMessage.findMany({ where: { alertId } });
    const count = (channel: string, recipient: string | null) =>
      outbox.filter((row) => row.channel === channel && row.recipient === recipient).length;
    for (const member of [admin, anna, bo]) {
      expect(count('sms', member.user.phone)).toBe(1);
      expect(count('voice', member.user.phone)).toBe(1);
    }
    expect(count('push', annasPhone.name)).toBe(1);
    expect(outbox).toHaveLength(3 * 2 + 2);
    const annasSms = outbox.find((row) => row.channel === 'sms' && row.recipient === anna.user.phone);
    expect(annasSms?.body).toContain('Gas leak in hall 3');
    expect(annasSms?.body).toContain('Reply OK');

    // A duplicated dispatch (the first job is done and gone): every receipt is taken already, nothing goes out again.
    const again = await delivery.add('dispatch-alert', { alertId }, { jobId: `dispatch-${alertId}` });
    await waitFor('the second dispatch to finish', async () => (await again.getState()) === 'completed');
    expect(await api.db.outboundMessage.count({ where: { alertId } })).toBe(outbox.length);
    expect(await settled(alertId)).toEqual(receipts);
  });

  it('sends the fallback SMS at once to people without the app and after the delay to silent ones, never to those who confirmed', async () => {
    const company = await createCompany(api.db, { plan: 'professional' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const silent = await createMember(api.db, company.id, 'user', 'Sam Silent');
    const confirming = await createMember(api.db, company.id, 'user', 'Cleo Confirms');
    const appless = await createMember(api.db, company.id, 'user', 'Noah NoApp');
    await Promise.all([addDevice(admin), addDevice(silent), addDevice(confirming)]);

    const alertId = await sendAlert(admin, company.id, ['push']);
    const sentAt = (await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).sentAt as Date;
    const confirmed = await api.call('POST', `/api/alerts/${alertId}/received`, {
      token: confirming.token,
      customerId: company.id,
      body: {},
    });
    expect(confirmed.status).toBe(200);

    // No app: the push fails and the fallback SMS goes out without waiting.
    const early = await waitFor('the fallback SMS of the person without the app', () =>
      api.db.receipt.findFirst({
        where: { alertId, userId: appless.user.id, channel: 'sms', fallback: true, state: 'recorded' },
      }),
    );
    // Recorded (the outbox kept it), not sent: no sending time; the receipt's last change is when it was recorded.
    expect(early.sentAt).toBeNull();
    expect(early.updatedAt.getTime() - sentAt.getTime()).toBeLessThan(FALLBACK_DELAY_SECONDS * 1000);
    expect(await api.db.receipt.count({ where: { alertId, fallback: true, userId: { not: appless.user.id } } })).toBe(
      0,
    );

    // By the delay (the job starts early enough for its last SMS to go out by then, never before half of it): the silent
    // ones (the sender too: the alert reached them like anyone), not the one who confirmed.
    const late = await waitFor('the fallback SMS of the silent person', () =>
      api.db.receipt.findFirst({
        where: { alertId, userId: silent.user.id, channel: 'sms', fallback: true, state: 'recorded' },
      }),
    );
    expect(late.updatedAt.getTime() - sentAt.getTime()).toBeGreaterThanOrEqual((FALLBACK_DELAY_SECONDS * 1000) / 2);
    const fallbacks = await api.db.receipt.findMany({ where: { alertId, fallback: true }, select: { userId: true } });
    expect(fallbacks.map((row) => row.userId).sort()).toEqual([admin.user.id, silent.user.id, appless.user.id].sort());
    const sms = await api.db.outboundMessage.findMany({
      where: { alertId, channel: 'sms' },
      select: { recipient: true },
    });
    expect(sms.map((row) => row.recipient).sort()).toEqual(
      [admin.user.phone, silent.user.phone, appless.user.phone].sort(),
    );

    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries`, {
      token: admin.token,
      customerId: company.id,
    });
    expect(report.status).toBe(200);
    const statusOf = (member: Member) =>
      report.body.items.find((item: { userId: string }) => item.userId === member.user.id)?.status;
    // Their push and fallback SMS were only recorded (no provider here): nobody was reached, and the report says so
    // rather than counting a fallback SMS that never went out.
    expect(statusOf(silent)).toBe('recorded');
    expect(statusOf(appless)).toBe('recorded');
    expect(statusOf(confirming)).toBe('receivedinapp');
  }, 60_000);

  it('takes back a fallback SMS not sent yet when the person confirms before it is taken', async () => {
    const company = await createCompany(api.db, { plan: 'professional' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const late = await createMember(api.db, company.id, 'user', 'Lou Late');
    const silent = await createMember(api.db, company.id, 'user', 'Sam Silent');
    const alertId = await sendAlert(admin, company.id, ['sms']);
    await waitFor('the alert SMS to be recorded', async () =>
      (await settled(alertId)).every((r) => r.state === 'recorded'),
    );
    // Fallback receipts as the fallback job adds them; then one person's app confirms before a part takes theirs.
    const at = new Date();
    const recipients = await api.db.alertRecipient.findMany({
      where: { alertId, userId: { in: [late.user.id, silent.user.id] } },
      select: { id: true, userId: true },
    });
    await api.db.receipt.createMany({
      data: recipients.map((recipient) => ({
        alertId,
        companyId: company.id,
        recipientId: recipient.id,
        userId: recipient.userId,
        channel: 'sms' as const,
        fallback: true,
        createdAt: at,
        updatedAt: at,
      })),
    });
    const confirmed = await api.call('POST', `/api/alerts/${alertId}/received`, {
      token: late.token,
      customerId: company.id,
      body: {},
    });
    expect(confirmed.status).toBe(200);

    expect(await dropConfirmedFallbacks(api.db, { alertId, channel: 'sms', fallback: true, round: 1 })).toBe(1);
    const left = await api.db.receipt.findMany({ where: { alertId, fallback: true }, select: { userId: true } });
    expect(left).toEqual([{ userId: silent.user.id }]);
  });

  it('sends no fallback SMS for a free company', async () => {
    const company = await createCompany(api.db, { plan: 'free' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const silent = await createMember(api.db, company.id, 'user', 'Sam Silent');
    await addDevice(silent);

    const alertId = await sendAlert(admin, company.id, ['push']);
    await settled(alertId);
    await new Promise((resolve) => setTimeout(resolve, (FALLBACK_DELAY_SECONDS + 2) * 1000));
    expect(await api.db.receipt.count({ where: { alertId, fallback: true } })).toBe(0);
    expect(await api.db.outboundMessage.count({ where: { alertId, channel: 'sms' } })).toBe(0);
    expect(await delivery.getJob(`fallback-${alertId}`)).toBeUndefined();
  }, 30_000);
});
