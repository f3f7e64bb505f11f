import { describe, it, expect } from '@jest/globals';
import { Queue } from 'bullmq';
import twilio from 'twilio';
import { insertAlert } from '../helpers/alert-fixtures';
import { sendCompanyAlert, settledReceipts, waitFor } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { insertPhoneMembers } from '../helpers/phone-members';
import { useDeliveryQueue } from '../helpers/queued-jobs';
import { TWILIO_FROM, useTwilioApiContext } from '../helpers/twilio-api-context';

// Alert SMS and calls through Twilio's REST API (a local fake in its shape) with the real server and worker: one
// request per receipt, status callbacks that name the receipt, temporary and permanent failures, and receipts a dead
// worker left in doubt, looked up at Twilio before anything is sent again.
// The lease is shorter than production's (the receipts in doubt below were taken a minute ago), yet longer than a batch
// takes on a loaded machine: a part of the same alert takes over a sibling's receipts still processing after the lease.
// 10 Twilio requests at once: batches of 100 (10 rounds), so the SIGTERM test's people take many batches.
const provider = useTwilioApiContext({ DELIVERY_LEASE_SECONDS: '20', TWILIO_MAX_CONCURRENT_REQUESTS: '10' });
const api = provider.api;
const queues = useDeliveryQueue(api);

type Member = Awaited<ReturnType<typeof createMember>>;

async function arrange() {
  const company = await createCompany(api.db, { plan: 'enterprise' });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const anna = await createMember(api.db, company.id, 'user', 'Anna Berg');
  return { company, admin, anna };
}

const send = (sender: Member, companyId: string, channels: string[]) =>
  sendCompanyAlert(api, sender, companyId, {
    title: 'Fire in the plant',
    message: 'Evacuate through the north doors',
    channels,
  });

/** Posts a status callback the way Twilio does: to the URL it was given, form-encoded, signed. */
function statusCallback(url: string, params: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilio.getExpectedTwilioSignature(provider.fake.authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

describe('alert delivery through Twilio', () => {
  it('sends one SMS and one call per person, with callbacks naming the receipt; a bad number fails for good', async () => {
    const { company, admin, anna } = await arrange();
    const wrong = await createMember(api.db, company.id, 'user', 'Walt Wrongnumber');
    provider.fake.invalidNumbers.add(wrong.user.phone as string);

    const alertId = await send(admin, company.id, ['sms', 'voice']);
    const receipts = await settledReceipts(api.db, alertId);

    for (const member of [admin, anna]) {
      const phone = member.user.phone as string;
      expect(provider.fake.createRequests(phone)).toBe(2);
      const sms = provider.fake.messages.filter((message) => message.to === phone);
      const calls = provider.fake.calls.filter((call) => call.to === phone);
      expect(sms).toHaveLength(1);
      expect(calls).toHaveLength(1);
      expect(sms[0]).toMatchObject({ from: TWILIO_FROM, body: expect.stringContaining('Fire in the plant') });
      expect(sms[0].statusCallback).toBe(
        `${api.url}/api/webhooks/twilio/sms-status?alertId=${alertId}&userId=${member.user.id}&channel=sms&fallback=false`,
      );
      expect(calls[0]).toMatchObject({
        url: `${api.url}/api/webhooks/twilio/voice-gather?alertId=${alertId}&userId=${member.user.id}`,
        method: 'POST',
      });
      expect(calls[0].statusCallback).toBe(
        `${api.url}/api/webhooks/twilio/call-status?alertId=${alertId}&userId=${member.user.id}&channel=voice&fallback=false`,
      );
      const mine = receipts.filter((receipt) => receipt.userId === member.user.id);
      expect(mine.find((receipt) => receipt.channel === 'sms')).toMatchObject({
        state: 'sent',
        providerId: sms[0].sid,
      });
      expect(mine.find((receipt) => receipt.channel === 'voice')).toMatchObject({
        state: 'sent',
        providerId: calls[0].sid,
      });
    }
    const refused = receipts.filter((receipt) => receipt.userId === wrong.user.id);
    expect(refused.map((receipt) => [receipt.channel, receipt.state, receipt.attempts])).toEqual([
      ['sms', 'failed', 1],
      ['voice', 'failed', 1],
    ]);
    expect(refused[0].error).toContain('21211');
    expect(provider.fake.createRequests(wrong.user.phone as string)).toBe(2);

    // Twilio reports the SMS delivered and the call answered: the receipts move on; a replay changes nothing.
    const annasSms = provider.fake.messages.find((message) => message.to === anna.user.phone);
    const delivered = {
      MessageSid: annasSms?.sid as string,
      MessageStatus: 'delivered',
      AccountSid: provider.fake.accountSid,
    };
    expect((await statusCallback(annasSms?.statusCallback as string, delivered)).status).toBe(204);
    expect(
      (await statusCallback(annasSms?.statusCallback as string, { ...delivered, MessageStatus: 'sent' })).status,
    ).toBe(204);
    const annasReceipt = await api.db.receipt.findUniqueOrThrow({
      where: {
        alertId_userId_channel_fallback_round: {
          alertId,
          userId: anna.user.id,
          channel: 'sms',
          fallback: false,
          round: 1,
        },
      },
    });
    expect(annasReceipt).toMatchObject({ state: 'delivered', providerId: annasSms?.sid });
  });

  it('applies a status callback that comes before the worker stored the SID', async () => {
    const { company, admin, anna } = await arrange();
    const alert = await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      channels: ['sms'],
      recipients: [{ userId: anna.user.id, receipts: [{ channel: 'sms', state: 'processing' }] }],
    });
    const url = `${api.url}/api/webhooks/twilio/sms-status?alertId=${alert.id}&userId=${anna.user.id}&channel=sms&fallback=false`;
    expect(
      (await statusCallback(url, { MessageSid: 'SMearly0000000000000000000000000', MessageStatus: 'sent' })).status,
    ).toBe(204);
    const receipt = await api.db.receipt.findFirstOrThrow({ where: { alertId: alert.id, userId: anna.user.id } });
    expect(receipt).toMatchObject({ state: 'sent', providerId: 'SMearly0000000000000000000000000' });
    // Another SID for the same receipt (a forged or mixed-up callback) does not take it over.
    await statusCallback(url, { MessageSid: 'SMother0000000000000000000000000', MessageStatus: 'delivered' });
    expect(await api.db.receipt.findFirstOrThrow({ where: { alertId: alert.id, userId: anna.user.id } })).toMatchObject(
      { state: 'sent', providerId: 'SMearly0000000000000000000000000' },
    );
  });

  it('retries SMS that met an outage and sends each of them once in the end', async () => {
    const { company, admin, anna } = await arrange();
    provider.fake.failNext(2);
    const alertId = await send(admin, company.id, ['sms']);
    const receipts = await settledReceipts(api.db, alertId, 60_000);
    expect(receipts.map((receipt) => receipt.state)).toEqual(['sent', 'sent']);
    expect(receipts.map((receipt) => receipt.attempts).sort()).toEqual([2, 2]);
    for (const member of [admin, anna]) {
      expect(provider.fake.messages.filter((message) => message.to === member.user.phone)).toHaveLength(1);
      expect(provider.fake.createRequests(member.user.phone as string)).toBe(2);
    }
  }, 90_000);

  it('looks up an SMS whose answer never came instead of sending it again', async () => {
    const { company, admin, anna } = await arrange();
    // Twilio takes the first SMS and the connection is cut before its answer: the worker cannot know it went out.
    provider.fake.dropNextAnswers(1);
    const alertId = await send(admin, company.id, ['sms']);
    // In doubt until its lease (20 s here) ends; then a part asks Twilio, finds it and records it.
    const receipts = await settledReceipts(api.db, alertId, 60_000);
    expect(receipts.map((receipt) => receipt.state)).toEqual(['sent', 'sent']);
    for (const member of [admin, anna]) {
      expect(provider.fake.messages.filter((message) => message.to === member.user.phone)).toHaveLength(1);
      expect(provider.fake.createRequests(member.user.phone as string)).toBe(1);
    }
    const sids = provider.fake.messages.filter((message) => [admin.user.phone, anna.user.phone].includes(message.to));
    expect(receipts.map((receipt) => receipt.providerId).sort()).toEqual(sids.map((message) => message.sid).sort());
    expect(sids.some((message) => provider.fake.listRequests(message.to) > 0)).toBe(true);
  }, 90_000);

  it('looks up receipts a dead worker left in doubt: found at Twilio → recorded, not found → sent once', async () => {
    const { company, admin, anna } = await arrange();
    const claimedAt = new Date(Date.now() - 60_000);
    const alert = await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      channels: ['sms'],
      title: 'Flood warning',
      message: 'Move to higher floors',
      recipients: [
        { userId: admin.user.id, receipts: [{ channel: 'sms', state: 'processing' }] },
        { userId: anna.user.id, receipts: [{ channel: 'sms', state: 'processing' }] },
      ],
    });
    await api.db.receipt.updateMany({ where: { alertId: alert.id }, data: { updatedAt: claimedAt, attempts: 1 } });
    // Twilio took the admin's SMS (the worker died before recording its answer); Anna's never left.
    const { composeSms } = await import('@/lib/sms/compose-sms');
    const body = await composeSms('alert', 'en-us', { title: 'Flood warning', message: 'Move to higher floors' });
    const taken = await fetch(`${provider.fake.url}/2010-04-01/Accounts/${provider.fake.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${provider.fake.accountSid}:${provider.fake.authToken}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: admin.user.phone as string, From: TWILIO_FROM, Body: body }).toString(),
    }).then((response) => response.json() as Promise<{ sid: string }>);

    await queues.delivery.add('dispatch-alert', { alertId: alert.id }, { jobId: `dispatch-${alert.id}` });
    const receipts = await settledReceipts(api.db, alert.id);
    expect(receipts.find((receipt) => receipt.userId === admin.user.id)).toMatchObject({
      state: 'sent',
      providerId: taken.sid,
    });
    expect(provider.fake.createRequests(admin.user.phone as string)).toBe(1);
    const annas = receipts.find((receipt) => receipt.userId === anna.user.id);
    // Taking a receipt in doubt over is an attempt of its own (the dead worker's was the first).
    expect(annas).toMatchObject({ state: 'sent', providerId: expect.stringMatching(/^SM/), attempts: 2 });
    expect(
      provider.fake.messages.filter((message) => message.to === anna.user.phone).map((message) => message.body),
    ).toEqual([body]);
  });

  it('does not take another alert’s call to the same phone for a call in doubt: the person is called for this one', async () => {
    const { company, admin, anna } = await arrange();
    const claimedAt = new Date(Date.now() - 60_000);
    const voiceAlert = (title: string, state: 'sent' | 'processing') =>
      insertAlert(api.db, {
        companyId: company.id,
        authorId: admin.user.id,
        channels: ['voice'],
        title,
        message: 'Leave the building',
        recipients: [{ userId: anna.user.id, receipts: [{ channel: 'voice', state }] }],
      });
    // An earlier alert's call to Anna, placed and recorded moments ago, within the lookup's window of the next one.
    const earlier = await voiceAlert('Gas leak', 'sent');
    const placed = await fetch(`${provider.fake.url}/2010-04-01/Accounts/${provider.fake.accountSid}/Calls.json`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${provider.fake.accountSid}:${provider.fake.authToken}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        To: anna.user.phone as string,
        From: TWILIO_FROM,
        Url: 'https://example.org/twiml',
      }).toString(),
    }).then((response) => response.json() as Promise<{ sid: string }>);
    await api.db.receipt.updateMany({ where: { alertId: earlier.id }, data: { providerId: placed.sid } });
    // The next alert's call was taken by a worker that died before it could tell whether Twilio placed it.
    const next = await voiceAlert('Fire', 'processing');
    // Its lease ran out a minute ago; it was first taken two seconds ago (the lookup's window starts there).
    await api.db.receipt.updateMany({
      where: { alertId: next.id },
      data: { updatedAt: claimedAt, attempts: 1, claimedAt: new Date(Date.now() - 2_000) },
    });

    await queues.delivery.add('dispatch-alert', { alertId: next.id }, { jobId: `dispatch-${next.id}` });
    const [receipt] = await settledReceipts(api.db, next.id);
    expect(receipt).toMatchObject({ state: 'sent', providerId: expect.stringMatching(/^CA/) });
    expect(receipt.providerId).not.toBe(placed.sid);
    expect(provider.fake.calls.filter((call) => call.to === anna.user.phone)).toHaveLength(2);
  });

  it('sends a queued receipt whose dispatch job was lost, from the minute sweep', async () => {
    const { company, admin, anna } = await arrange();
    const alert = await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      channels: ['sms'],
      sentAt: new Date(Date.now() - 5 * 60_000),
      recipients: [{ userId: anna.user.id, receipts: [{ channel: 'sms', state: 'pending' }] }],
    });
    const maintenance = new Queue('maintenance', { connection: queues.redis, prefix: api.server.queuePrefix });
    await maintenance.add('resume-deliveries', {}, { jobId: `resume-${alert.id}` });
    await maintenance.close();
    await waitFor('the swept alert to be sent', () =>
      api.db.receipt.findFirst({ where: { alertId: alert.id, state: 'sent' } }),
    );
    expect(provider.fake.messages.filter((message) => message.to === anna.user.phone)).toHaveLength(1);
  });

  it('stops between two batches on SIGTERM and hands the job back; the next worker sends the rest, each SMS once', async () => {
    const { company, admin } = await arrange();
    // More than the worker's parts take in one round (8 at once, 100 each), so some are pending when it stops.
    await insertPhoneMembers(api.db, company.id, 2_000);
    provider.fake.setDelay(100);
    try {
      const alertId = await send(admin, company.id, ['sms']);
      await waitFor(
        'a first batch to be sent',
        async () => (await api.db.receipt.count({ where: { alertId, state: 'sent' } })) >= 100,
      );
      const exited = new Promise((resolve) => provider.worker.process.once('exit', resolve));
      provider.worker.process.kill('SIGTERM');
      await exited;

      const states = await api.db.receipt.groupBy({ by: ['state'], where: { alertId }, _count: true });
      expect(states.find((row) => row.state === 'processing')).toBeUndefined();
      expect(states.find((row) => row.state === 'pending')?._count).toBeGreaterThan(0);
      // Every part of the alert's SMS was handed back to the queue: none is lost, none runs on the stopped worker.
      const parts = (await queues.delivery.getJobs()).filter(
        (job) => job.name === 'deliver-part' && job.data.alertId === alertId,
      );
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) expect(['delayed', 'waiting']).toContain(await part.getState());

      await provider.startWorker();
      const receipts = await settledReceipts(api.db, alertId, 60_000);
      expect(receipts).toHaveLength(2_002);
      expect(receipts.every((receipt) => receipt.state === 'sent' && receipt.attempts === 1)).toBe(true);
      const phones = await api.db.user.findMany({
        where: { id: { in: receipts.map((receipt) => receipt.userId) } },
        select: { phone: true },
      });
      expect(
        phones.map(({ phone }) => provider.fake.createRequests(phone as string)).every((count) => count === 1),
      ).toBe(true);
    } finally {
      provider.fake.setDelay(0);
    }
  }, 120_000);
});
