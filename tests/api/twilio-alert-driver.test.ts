import { describe, it, expect, beforeAll, afterAll, afterEach } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';

// The Twilio driver of alert delivery (lib/providers/twilio): alert SMS and calls through the real twilio library to a
// local fake of Twilio's REST API, and the in-doubt lookups. lib/env reads the environment once, when first imported:
// the code under test is imported after it is set.
type Modules = typeof import('@/lib/providers/twilio/sms-status-callback-url') &
  typeof import('@/lib/providers/sms/deliver-by-twilio') &
  typeof import('@/lib/providers/twilio/place-alert-call') &
  typeof import('@/lib/providers/twilio/find-alert-sms') &
  typeof import('@/lib/providers/twilio/find-alert-call') &
  Pick<typeof import('@/lib/providers/twilio/twilio-client'), 'isPermanentTwilioFailure'> &
  Pick<typeof import('@/lib/voice/receive-key-press'), 'voiceGatherUrl'>;

const FROM = '+15005550006';
const OTHER_SENDER = '+15005550009';
const PUBLIC_URL = 'https://tocsin.example.org';
const HOUR = 3_600_000;

let twilio: FakeTwilio;
let m: Modules;
const savedEnv = { ...process.env };

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, {
    PUBLIC_URL,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: FROM,
    TWILIO_API_URL: twilio.url,
  });
  m = {
    ...(await import('@/lib/providers/twilio/sms-status-callback-url')),
    ...(await import('@/lib/providers/sms/deliver-by-twilio')),
    ...(await import('@/lib/providers/twilio/place-alert-call')),
    ...(await import('@/lib/providers/twilio/find-alert-sms')),
    ...(await import('@/lib/providers/twilio/find-alert-call')),
    isPermanentTwilioFailure: (await import('@/lib/providers/twilio/twilio-client')).isPermanentTwilioFailure,
    voiceGatherUrl: (await import('@/lib/voice/receive-key-press')).voiceGatherUrl,
  };
});

afterAll(async () => {
  await twilio?.stop();
  process.env = savedEnv;
});

afterEach(() => twilio.setDelay(0));

const phone = () => `+4792${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
const sms = (to: string, body = 'Fire drill at 10:00. Reply OK') => ({
  to,
  body,
  statusCallback: m.smsStatusCallbackUrl(),
});
const call = (to: string) => ({
  to,
  twimlUrl: m.voiceGatherUrl(randomUUID(), randomUUID()),
  statusCallback: m.callStatusCallbackUrl(),
});
const messageSid = (sid: string) => twilio.messages.find((message) => message.sid === sid)!;
const callSid = (sid: string) => twilio.calls.find((placed) => placed.sid === sid)!;

/** A message or call that someone else's number created in the same account, posted straight to the fake. */
async function createFromOtherSender(resource: 'Messages' | 'Calls', fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/${resource}.json`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ From: OTHER_SENDER, ...fields }).toString(),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { sid: string }).sid;
}

async function rejection(promise: Promise<unknown>): Promise<{ status: number; code: number; message: string }> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).not.toBeNull();
  return error as { status: number; code: number; message: string };
}

describe('deliverSmsByTwilio (alert SMS)', () => {
  it('sends from TWILIO_FROM_NUMBER with the SMS status webhook as StatusCallback, and resolves with the SID', async () => {
    const to = phone();
    const sid = await m.deliverSmsByTwilio(sms(to));
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(m.smsStatusCallbackUrl()).toBe(`${PUBLIC_URL}/api/webhooks/twilio/sms-status`);
    expect(messageSid(sid)).toMatchObject({
      to,
      from: FROM,
      body: 'Fire drill at 10:00. Reply OK',
      statusCallback: `${PUBLIC_URL}/api/webhooks/twilio/sms-status`,
    });
    expect(twilio.createRequests(to)).toBe(1);
  });
});

describe('placeAlertCall', () => {
  it('asks for the TwiML by POST from the given URL, with every call status event posted to the call status webhook', async () => {
    const to = phone();
    const request = call(to);
    const sid = await m.placeAlertCall(request);
    expect(sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(request.twimlUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/webhooks/twilio/voice-gather\\?alertId=`));
    const placed = callSid(sid);
    expect(placed).toMatchObject({
      to,
      from: FROM,
      url: request.twimlUrl,
      method: 'POST',
      statusCallback: `${PUBLIC_URL}/api/webhooks/twilio/call-status`,
      statusCallbackEvents: ['initiated', 'ringing', 'answered', 'completed'],
      statusCallbackMethod: 'POST',
    });
    expect(placed.form.MachineDetection).toBeUndefined();
  });
});

describe.each([
  {
    driver: 'deliverSmsByTwilio',
    send: (to: string) => m.deliverSmsByTwilio(sms(to)),
    accepted: () => twilio.messages,
  },
  { driver: 'placeAlertCall', send: (to: string) => m.placeAlertCall(call(to)), accepted: () => twilio.calls },
])('$driver when Twilio says no', ({ send, accepted }) => {
  it('rejects with a permanent failure when Twilio refuses the number (21211), and a temporary one on 503', async () => {
    const invalid = phone();
    twilio.invalidNumbers.add(invalid);
    const refused = await rejection(send(invalid));
    expect(refused).toMatchObject({ status: 400, code: 21211 });
    expect(m.isPermanentTwilioFailure(refused)).toBe(true);

    const to = phone();
    twilio.failNext(1);
    const outage = await rejection(send(to));
    expect(outage).toMatchObject({ status: 503 });
    expect(m.isPermanentTwilioFailure(outage)).toBe(false);
    await send(to);
    expect(accepted().filter((record) => record.to === to || record.to === invalid)).toHaveLength(1);
    expect(twilio.createRequests(to)).toBe(2);
  });
});

describe('findAlertSms', () => {
  it('finds the SID of the message with this text from our number since the given time, ignoring older ones, other texts, senders and numbers', async () => {
    const to = phone();
    const body = 'Gas leak in hall B. Leave the building';
    const earlier = await m.deliverSmsByTwilio(sms(to, body));
    messageSid(earlier).dateCreated = new Date(Date.now() - HOUR);
    const since = new Date(Date.now() - 1000);
    const sid = await m.deliverSmsByTwilio(sms(to, body));
    await m.deliverSmsByTwilio(sms(to, 'Another alert'));
    await createFromOtherSender('Messages', { To: to, Body: body });
    await m.deliverSmsByTwilio(sms(phone(), body));

    const lookupsBefore = twilio.listRequests(to);
    expect(await m.findAlertSms({ to, body, since })).toEqual([sid]);
    expect(twilio.listRequests(to) - lookupsBefore).toBe(1);
    expect(await m.findAlertSms({ to, body, since: new Date(Date.now() + HOUR) })).toEqual([]);
    expect(await m.findAlertSms({ to, body: 'Never sent', since })).toEqual([]);
    expect(await m.findAlertSms({ to: phone(), body, since })).toEqual([]);
  });

  it("counts `since` from the start of its second, as Twilio's date_created has whole seconds", async () => {
    const to = phone();
    const sid = await m.deliverSmsByTwilio(sms(to));
    const second = Math.floor(messageSid(sid).dateCreated.getTime() / 1000) * 1000;
    expect(await m.findAlertSms({ to, body: sms(to).body, since: new Date(second + 999) })).toEqual([sid]);
    expect(await m.findAlertSms({ to, body: sms(to).body, since: new Date(second + 1000) })).toEqual([]);
  });

  it('finds a message whose answer never arrived (Twilio accepted it, the sender gave up waiting)', async () => {
    const to = phone();
    const since = new Date();
    twilio.setDelay(2_000);
    const pending = m.deliverSmsByTwilio(sms(to));
    const deadline = Date.now() + 1_500;
    while (twilio.createRequests(to) === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    twilio.setDelay(0);
    const recorded = twilio.messages.find((message) => message.to === to);
    expect(recorded).toBeDefined();
    expect(await m.findAlertSms({ to, body: sms(to).body, since })).toEqual([recorded!.sid]);
    expect(await pending).toBe(recorded!.sid);
  });
});

describe('findAlertCalls', () => {
  it('finds the SID of a call from our number since the given time, ignoring older ones, other senders and numbers', async () => {
    const to = phone();
    const earlier = await m.placeAlertCall(call(to));
    callSid(earlier).dateCreated = new Date(Date.now() - HOUR);
    const since = new Date(Date.now() - 1000);
    const sid = await m.placeAlertCall(call(to));
    await createFromOtherSender('Calls', { To: to, Url: 'https://example.org/twiml' });
    await m.placeAlertCall(call(phone()));

    expect(await m.findAlertCalls({ to, since })).toEqual([sid]);
    expect(await m.findAlertCalls({ to, since: new Date(Date.now() + HOUR) })).toEqual([]);
    expect(await m.findAlertCalls({ to: phone(), since })).toEqual([]);
  });
});
