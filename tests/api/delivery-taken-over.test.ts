import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// A part whose lease renewal came late loses its taken receipts to a sibling part, which takes them over as in doubt,
// looks them up at Twilio, finds nothing (the first part had not requested them yet) and sends them. The first part,
// when its turn comes, must not send them too: each request asks first whether its attempt still holds the receipt
// (lib/delivery/receipt-hold-check.ts). The fault suite found this as 1,000 people called twice when a worker sharing an
// alert was killed (tests/faults/worker-kills.test.ts, R1b). Run in this process against the real database, Redis and a
// fake Twilio, so the two parts' turns come in a chosen order. lib/env reads the environment once, when first imported:
// the code under test, and the fixtures that import it, are imported after it is set.
type Modules = typeof import('../helpers/alert-fixtures') &
  typeof import('../helpers/fixtures') &
  typeof import('@/lib/delivery/claim-receipts') &
  typeof import('@/lib/delivery/deliver-receipts') &
  typeof import('@/lib/delivery/load-delivery-alert') &
  typeof import('@/lib/delivery/pick-channel-sender') &
  typeof import('@/lib/delivery/receipt-hold-check');

const LEASE_SECONDS = 5;

let twilio: FakeTwilio;
let database: TestDatabase;
let m: Modules;
const savedEnv = { ...process.env };

beforeAll(async () => {
  twilio = await startFakeTwilio({ callsPerSecond: 1000 });
  database = await createTestDatabase();
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    QUEUE_PREFIX: `taken-over-${randomBytes(4).toString('hex')}`,
    DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_URL: twilio.url,
    TWILIO_CALLS_PER_SECOND: '1000',
  });
  m = {
    ...(await import('../helpers/alert-fixtures')),
    ...(await import('../helpers/fixtures')),
    ...(await import('@/lib/delivery/claim-receipts')),
    ...(await import('@/lib/delivery/deliver-receipts')),
    ...(await import('@/lib/delivery/load-delivery-alert')),
    ...(await import('@/lib/delivery/pick-channel-sender')),
    ...(await import('@/lib/delivery/receipt-hold-check')),
  };
});

afterAll(async () => {
  const { db } = await import('@/lib/db');
  await db().$disconnect();
  const { redis } = await import('@/lib/redis');
  redis().disconnect();
  await database?.drop();
  await twilio?.stop();
  process.env = savedEnv;
});

/** A sent SMS + call alert to three people, their receipts pending. */
async function arrange() {
  const db = database.db;
  const company = await m.createCompany(db, { plan: 'enterprise' });
  const people = await Promise.all(['Ada', 'Bo', 'Cy'].map((name) => m.createMember(db, company.id, 'user', name)));
  const alert = await m.insertAlert(db, {
    companyId: company.id,
    authorId: people[0].user.id,
    channels: ['sms', 'voice'],
    recipients: people.map((person) => ({
      userId: person.user.id,
      receipts: [
        { channel: 'sms' as const, state: 'pending' as const },
        { channel: 'voice' as const, state: 'pending' as const },
      ],
    })),
  });
  return { alert: (await m.loadDeliveryAlert(db, alert.id))!, phones: people.map((person) => person.user.phone!) };
}

/** Requests Twilio took to each phone, by channel. */
function requestsTo(phones: string[], channel: 'sms' | 'voice') {
  const records = channel === 'sms' ? twilio.messages : twilio.calls;
  return phones.map((phone) => records.filter((record) => record.to === phone).length);
}

describe('a part that lost its receipts to a sibling part', () => {
  it.each(['sms', 'voice'] as const)(
    'sends no %s the sibling sent: each person gets exactly one, recorded by the part that took it over',
    async (channel) => {
      const db = database.db;
      const { alert, phones } = await arrange();
      const group = { alertId: alert.id, channel, fallback: false, round: 1 };

      // Part A takes the receipts; its lease renewal comes late (a busy worker): the lease runs out before its turn.
      const slowSender = m.pickChannelSender(db, alert, group);
      const taken = await m.claimReceipts(db, group, 10, new Date());
      expect(taken).toHaveLength(3);
      const longAgo = new Date(Date.now() - 2 * LEASE_SECONDS * 1000);
      await db.receipt.updateMany({ where: { alertId: alert.id, channel }, data: { updatedAt: longAgo } });

      // Part B takes them over as in doubt, finds nothing at Twilio and sends each once.
      await m.deliverReceipts(db, alert, group, m.pickChannelSender(db, alert, group));
      expect(requestsTo(phones, channel)).toEqual([1, 1, 1]);

      // Part A's turn comes: it no longer holds them, so nothing goes out and nothing is recorded by it.
      expect(await slowSender.send(taken)).toEqual([]);
      expect(requestsTo(phones, channel)).toEqual([1, 1, 1]);
      const receipts = await db.receipt.findMany({ where: { alertId: alert.id, channel } });
      expect(receipts.map((receipt) => [receipt.state, receipt.attempts])).toEqual([
        ['sent', 2],
        ['sent', 2],
        ['sent', 2],
      ]);
    },
  );

  it('renews the lease of a receipt its attempt holds, right before the request, so no part takes it over then', async () => {
    const db = database.db;
    const { alert } = await arrange();
    const group = { alertId: alert.id, channel: 'sms' as const, fallback: false, round: 1 };
    const [first, second] = await m.claimReceipts(db, group, 2, new Date());
    const longAgo = new Date(Date.now() - 2 * LEASE_SECONDS * 1000);
    await db.receipt.updateMany({ where: { alertId: alert.id, channel: 'sms' }, data: { updatedAt: longAgo } });

    const stillHeld = m.receiptHoldCheck(db, group);
    expect(await Promise.all([stillHeld(first), stillHeld({ ...second, attempts: second.attempts + 1 })])).toEqual([
      true,
      false,
    ]);
    const now = new Date();
    const inDoubt = await m.claimInDoubtReceipts(db, group, new Date(now.getTime() - LEASE_SECONDS * 1000), now, 10);
    expect(inDoubt.map((receipt) => receipt.userId)).toEqual([second.userId]);
  });
});
