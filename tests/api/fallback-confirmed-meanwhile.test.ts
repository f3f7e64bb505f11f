import { describe, expect, it } from '@jest/globals';
import { unconfirmedCheck } from '@/lib/delivery/unconfirmed-check';
import { sendCompanyAlert, settledReceipts, waitFor } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { useTwilioApiContext } from '../helpers/twilio-api-context';

// The fallback SMS of someone whose app confirms after their SMS was taken for sending, but before it went out: checked
// once more when its request holds its permit, right before it would go to Twilio, so it is not sent. The account takes
// one request at a time and Twilio answers each in a second: the fallback SMS of six silent people go out one by one, so
// the last ones wait seconds for their permit, already taken (processing).
const FALLBACK_DELAY_SECONDS = 4;
const provider = useTwilioApiContext(
  { FALLBACK_SMS_DELAY_SECONDS: String(FALLBACK_DELAY_SECONDS), TWILIO_MAX_CONCURRENT_REQUESTS: '1' },
  { latencyMs: 1_000, maxConcurrent: 1 },
);
const api = provider.api;

type Member = Awaited<ReturnType<typeof createMember>>;

async function addDevice(member: Member) {
  await api.db.device.create({
    data: { userId: member.user.id, name: 'Phone', platform: 'android', pushToken: `token-${member.user.id}` },
  });
}

function confirm(alertId: string, member: Member, companyId: string) {
  return api.call('POST', `/api/alerts/${alertId}/received`, { token: member.token, customerId: companyId, body: {} });
}

describe('a fallback SMS whose person confirms while it waits to go out', () => {
  it('is not sent, and its receipt is removed; the others are sent once', async () => {
    const company = await createCompany(api.db, { plan: 'professional' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const silent: Member[] = [];
    for (const name of ['Sam', 'Sia', 'Sol', 'Sune', 'Siv', 'Stig'])
      silent.push(await createMember(api.db, company.id, 'user', `${name} Silent`));
    await Promise.all([admin, ...silent].map(addDevice));
    // The admin confirms at once: six fallback SMS, taken as one batch (the account's concurrency × 10) in user id order.
    const alertId = await sendCompanyAlert(api, admin, company.id, {
      title: 'Flooding in the basement',
      message: 'Move to the upper floors',
      channels: ['push'],
    });
    expect((await confirm(alertId, admin, company.id)).status).toBe(200);
    const bySending = [...silent].sort((a, b) => a.user.id.localeCompare(b.user.id));
    const firstPhone = bySending[0].user.phone;

    // As soon as Twilio has the first fallback SMS, the last three people's apps confirm: their SMS are taken already.
    const before = provider.fake.messages.length;
    await waitFor('the first fallback SMS', async () =>
      provider.fake.messages.slice(before).some((message) => message.to === firstPhone),
    );
    const lateConfirmers = bySending.slice(-3);
    const taken = await api.db.receipt.findMany({
      where: { alertId, fallback: true, userId: { in: lateConfirmers.map((member) => member.user.id) } },
      select: { state: true },
    });
    expect(taken.map((receipt) => receipt.state)).toEqual(['processing', 'processing', 'processing']);
    for (const member of lateConfirmers) expect((await confirm(alertId, member, company.id)).status).toBe(200);

    const receipts = await settledReceipts(api.db, alertId);
    const fallbacks = receipts.filter((receipt) => receipt.fallback);
    expect(fallbacks.map((receipt) => [receipt.userId, receipt.state])).toEqual(
      bySending.slice(0, 3).map((member) => [member.user.id, 'sent']),
    );
    const texted = provider.fake.messages.slice(before).map((message) => message.to);
    expect(texted.sort()).toEqual(
      bySending
        .slice(0, 3)
        .map((member) => member.user.phone)
        .sort(),
    );
  }, 60_000);

  it('answers each person from a query started after the question, sharing one query among questions asked at once', async () => {
    const company = await createCompany(api.db, { plan: 'professional' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const [early, late, never] = await Promise.all(
      ['Eli Early', 'Liv Late', 'Ned Never'].map((name) => createMember(api.db, company.id, 'user', name)),
    );
    const alertId = await sendCompanyAlert(api, admin, company.id, {
      title: 'Power cut',
      message: 'Use the stairs',
      channels: ['push'],
    });
    expect((await confirm(alertId, early, company.id)).status).toBe(200);
    const unconfirmed = unconfirmedCheck(api.db, alertId);

    let queries = 0;
    const counting = {
      $queryRaw: (...args: Parameters<typeof api.db.$queryRaw>) => {
        queries += 1;
        return api.db.$queryRaw(...args);
      },
    } as unknown as typeof api.db;
    const counted = unconfirmedCheck(counting, alertId);
    expect(await Promise.all([early, late, never, late].map((member) => counted(member.user.id)))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(queries).toBe(1);

    expect((await confirm(alertId, late, company.id)).status).toBe(200);
    expect(await unconfirmed(late.user.id)).toBe(false);
    expect(await unconfirmed(never.user.id)).toBe(true);
    await settledReceipts(api.db, alertId);
  }, 60_000);
});
