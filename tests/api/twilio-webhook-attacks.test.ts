import { afterAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { ReceiptState } from '@/lib/generated/prisma/enums';
import { receiptKeyQuery } from '@/lib/receipts/receipt-key';
import { canMove } from '@/lib/receipts/receipt-transitions';
import { insertAlert } from '../helpers/alert-fixtures';
import { sendCompanyAlert, settledReceipts } from '../helpers/alert-delivery';
import { printFigures } from '../helpers/figures';
import { createCompany, createMember } from '../helpers/fixtures';
import { TWILIO_FROM, useTwilioApiContext } from '../helpers/twilio-api-context';

// R7 (docs/reliability.md): Twilio's webhooks as an attacker or a misbehaving network would call them, with a configured
// auth token. The SMS and calls are sent by the real worker to the fake Twilio, so every callback goes to the URL the
// product gave Twilio, signed the way Twilio signs it. Forged callbacks (unsigned, wrong token, tampered fields or URL)
// are refused with 403 and change nothing; replayed ones apply once; out-of-order ones never move a receipt backwards.
// tests/api/twilio-webhooks.test.ts covers what each webhook does when Twilio calls it as it should.
const FROM = TWILIO_FROM;
const provider = useTwilioApiContext();
const api = provider.api;

const figures = { tried: 0, held: 0, failed: 0, forged: 0, replayed: 0, outOfOrder: 0 };
const failures: string[] = [];
afterAll(() => {
  printFigures('R7', 'Twilio webhooks', figures);
});

/** One attack tried: counted, and named in the failures when the promise did not hold. */
function record(kind: 'forged' | 'replayed' | 'outOfOrder', name: string, held: boolean): void {
  figures.tried += 1;
  figures[kind] += 1;
  if (held) figures.held += 1;
  else {
    figures.failed += 1;
    failures.push(name);
  }
}

/** The failures recorded while `attacks` ran (each test expects none). */
async function failuresOf(attacks: () => Promise<void>): Promise<string[]> {
  const before = failures.length;
  await attacks();
  return failures.slice(before);
}

const sid = (prefix: 'SM' | 'CA') => `${prefix}${randomBytes(16).toString('hex')}`;
const WEBHOOKS = `/api/webhooks/twilio`;

/**
 * Posts a webhook the way Twilio does: form-encoded, with X-Twilio-Signature over the URL and the fields. `signature`
 * overrides it (null: no header).
 */
function post(
  url: string,
  params: Record<string, string> | URLSearchParams,
  signature?: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const value =
    signature === undefined
      ? twilio.getExpectedTwilioSignature(provider.fake.authToken, url, Object.fromEntries(new URLSearchParams(params)))
      : signature;
  if (value !== null) headers['X-Twilio-Signature'] = value;
  return fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
}

type Member = Awaited<ReturnType<typeof createMember>>;

/** An enterprise company whose alert went out by SMS and call (through the worker and the fake Twilio) to `count` people. */
async function sentAlert(count: number) {
  const company = await createCompany(api.db, { plan: 'enterprise' });
  const admin = await createMember(api.db, company.id, 'admin');
  const people: Member[] = [];
  for (let n = 0; n < count; n += 1) people.push(await createMember(api.db, company.id));
  const alertId = await sendCompanyAlert(api, admin, company.id, {
    title: 'Gas leak',
    message: 'Leave hall 4 now',
    channels: ['sms', 'voice'],
  });
  await settledReceipts(api.db, alertId);
  const sms = (person: Member) => provider.fake.messages.find((message) => message.to === person.user.phone)!;
  const call = (person: Member) => provider.fake.calls.find((placed) => placed.to === person.user.phone)!;
  const receipt = (person: Member, channel: 'sms' | 'voice') =>
    api.db.receipt.findUniqueOrThrow({
      where: {
        alertId_userId_channel_fallback_round: { alertId, userId: person.user.id, channel, fallback: false, round: 1 },
      },
    });
  /** Everything a webhook could change about this alert. */
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        api.db.receipt.findMany({ where: { alertId }, orderBy: [{ userId: 'asc' }, { channel: 'asc' }] }),
        api.db.alertRecipient.findMany({ where: { alertId }, orderBy: { userId: 'asc' } }),
        api.db.alertComment.findMany({ where: { alertId }, orderBy: { createdAt: 'asc' } }),
      ]),
    );
  const stats = async () =>
    (await api.call('GET', `/api/alerts/${alertId}/deliveries`, { token: admin.token, customerId: company.id })).body
      .stats as Record<string, number>;
  return { company, admin, people, alertId, sms, call, receipt, snapshot, stats };
}

/** A genuine webhook of each kind for `person`, as Twilio would send it: its URL, fields, and the field that matters. */
function genuineWebhooks(alert: Awaited<ReturnType<typeof sentAlert>>, person: Member, other: Member) {
  const sms = alert.sms(person);
  const call = alert.call(person);
  const common = { AccountSid: provider.fake.accountSid, ApiVersion: '2010-04-01' };
  return [
    {
      name: 'sms-status',
      url: sms.statusCallback!,
      params: { ...common, MessageSid: sms.sid, MessageStatus: 'delivered', To: sms.to, From: FROM },
      decisive: ['MessageStatus', 'queued'],
    },
    {
      name: 'call-status',
      url: call.statusCallback!,
      params: { ...common, CallSid: call.sid, CallStatus: 'completed', To: call.to, From: FROM },
      decisive: ['CallStatus', 'initiated'],
    },
    {
      name: 'voice-gather',
      url: call.url,
      params: { ...common, CallSid: call.sid, Digits: '1', To: call.to, From: FROM },
      decisive: ['Digits', '5'],
    },
    {
      name: 'inbound-sms',
      url: `${api.url}${WEBHOOKS}/inbound-sms`,
      params: { ...common, MessageSid: sid('SM'), From: person.user.phone!, To: FROM, Body: 'Trapped in hall 4' },
      decisive: ['From', other.user.phone!],
    },
  ] as const;
}

/** The URL with its userId (the receipt it names) changed to `userId`, or a userId added where it had none. */
function withUserId(url: string, userId: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('userId', userId);
  return parsed.toString();
}

describe('R7: Twilio webhooks under attack', () => {
  it('refuses unsigned, wrongly signed and tampered callbacks with 403, and they change nothing', async () => {
    const alert = await sentAlert(2);
    const [person, other] = alert.people;
    const webhooks = genuineWebhooks(alert, person, other);
    const failed = await failuresOf(async () => {
      for (const { name, url, params, decisive } of webhooks) {
        const [field, signedValue] = decisive;
        const { [field]: _dropped, ...withoutField } = params as Record<string, string>;
        const otherPath = name === 'sms-status' ? 'call-status' : 'sms-status';
        const signedHarmless = { ...params, [field]: signedValue };
        const repeated = new URLSearchParams(signedHarmless);
        repeated.append(field, (params as Record<string, string>)[field]);
        const forgeries: [string, string, Record<string, string> | URLSearchParams, string | null][] = [
          ['unsigned', url, params, null],
          ['a made-up signature', url, params, 'bm90IGEgc2lnbmF0dXJl'],
          [
            'signed with another auth token',
            url,
            params,
            twilio.getExpectedTwilioSignature('x'.repeat(32), url, params),
          ],
          [
            `${field} changed after signing`,
            url,
            params,
            twilio.getExpectedTwilioSignature(provider.fake.authToken, url, signedHarmless),
          ],
          [
            `a second ${field} appended after signing`,
            url,
            repeated,
            twilio.getExpectedTwilioSignature(provider.fake.authToken, url, signedHarmless),
          ],
          [
            `${field} added after signing`,
            url,
            params,
            twilio.getExpectedTwilioSignature(provider.fake.authToken, url, withoutField),
          ],
          [
            'signed for another webhook',
            url,
            params,
            twilio.getExpectedTwilioSignature(
              provider.fake.authToken,
              url.replace(`/${name}`, `/${otherPath}`),
              params,
            ),
          ],
          [
            "signed for another person's URL",
            url,
            params,
            twilio.getExpectedTwilioSignature(provider.fake.authToken, withUserId(url, other.user.id), params),
          ],
          [
            'signed for another host',
            url,
            params,
            twilio.getExpectedTwilioSignature(
              provider.fake.authToken,
              url.replace(api.url, 'https://attacker.example'),
              params,
            ),
          ],
        ];
        for (const [forgery, target, body, signature] of forgeries) {
          const before = await alert.snapshot();
          const response = await post(target, body, signature);
          const unchanged = (await alert.snapshot()) === before;
          record(
            'forged',
            `${name}: ${forgery} (${response.status}, unchanged ${unchanged})`,
            response.status === 403 && unchanged,
          );
        }
      }
      // The same callbacks, genuine, are taken: the forgeries failed for their forgery alone.
      for (const { name, url, params } of webhooks) {
        const response = await post(url, params);
        record('forged', `${name}: the genuine callback is taken (${response.status})`, response.ok);
      }
    });
    expect(failed).toEqual([]);
    expect(await alert.receipt(person, 'sms')).toMatchObject({ state: 'delivered' });
    expect(await alert.receipt(person, 'voice')).toMatchObject({ state: 'received' });
    expect(await api.db.alertComment.count({ where: { alertId: alert.alertId, authorId: person.user.id } })).toBe(1);
  });

  it('applies a replayed callback once: status, key press, confirming and commenting SMS, one by one and at once', async () => {
    const alert = await sentAlert(3);
    const [caller, texter, commenter] = alert.people;
    /**
     * Posts the same signed callback once, again, then five times at once: every answer is a success, `applied` holds
     * after the first, and what `observe` sees does not change after it.
     */
    const replayed = async <T>(
      name: string,
      url: string,
      params: Record<string, string>,
      observe: () => Promise<T>,
      applied: (seen: T) => boolean,
    ) => {
      const answers = [(await post(url, params)).status];
      const afterFirst = await observe();
      answers.push((await post(url, params)).status);
      answers.push(...(await Promise.all(Array.from({ length: 5 }, () => post(url, params)))).map((r) => r.status));
      const unchanged = JSON.stringify(await observe()) === JSON.stringify(afterFirst);
      record(
        'replayed',
        `${name} (answers ${answers.join(',')}, unchanged ${unchanged})`,
        answers.every((status) => status >= 200 && status < 300) && applied(afterFirst) && unchanged,
      );
    };
    const recipientOf = (person: Member) =>
      api.db.alertRecipient.findFirstOrThrow({ where: { alertId: alert.alertId, userId: person.user.id } });
    const inbound = `${api.url}${WEBHOOKS}/inbound-sms`;
    const reply = (person: Member, Body: string) => ({
      MessageSid: sid('SM'),
      AccountSid: provider.fake.accountSid,
      From: person.user.phone!,
      To: FROM,
      Body,
    });
    const comments = () =>
      api.db.alertComment.findMany({ where: { alertId: alert.alertId, authorId: commenter.user.id } });

    const failed = await failuresOf(async () => {
      const sms = alert.sms(texter);
      await replayed(
        'the same SMS status callback',
        sms.statusCallback!,
        { MessageSid: sms.sid, MessageStatus: 'delivered', AccountSid: provider.fake.accountSid },
        () => alert.receipt(texter, 'sms'),
        (receipt) => receipt.state === 'delivered' && receipt.deliveredAt !== null,
      );
      const call = alert.call(caller);
      await replayed(
        'the same call status callback',
        call.statusCallback!,
        { CallSid: call.sid, CallStatus: 'completed', AccountSid: provider.fake.accountSid },
        () => alert.receipt(caller, 'voice'),
        (receipt) => receipt.state === 'delivered',
      );
      await replayed(
        'the same key press',
        call.url,
        { CallSid: call.sid, Digits: '1', AccountSid: provider.fake.accountSid },
        async () => ({ receipt: await alert.receipt(caller, 'voice'), recipient: await recipientOf(caller) }),
        ({ receipt, recipient }) => receipt.state === 'received' && recipient.receivedAt !== null,
      );
      await replayed(
        'the same confirming SMS',
        inbound,
        reply(texter, 'OK'),
        async () => ({ receipt: await alert.receipt(texter, 'sms'), recipient: await recipientOf(texter) }),
        ({ receipt, recipient }) => receipt.state === 'received' && recipient.receivedAt !== null,
      );
      await replayed(
        'the same commenting SMS',
        inbound,
        reply(commenter, 'Door to hall 4 is blocked'),
        comments,
        (rows) => rows.length === 1,
      );
      // A person may send the same words twice: another message is another comment.
      await post(inbound, reply(commenter, 'Door to hall 4 is blocked'));
      record('replayed', 'a second message with the same words is kept', (await comments()).length === 2);

      const stats = await alert.stats();
      record(
        'replayed',
        `each confirmation counted once (${JSON.stringify(stats)})`,
        stats.recipients === 4 && stats.received === 1 && stats.receivedassms === 1,
      );
    });
    expect(failed).toEqual([]);
  });

  describe('out of order', () => {
    type Step = { status: string } | { confirm: true };
    type Sequence = { name: string; channel: 'sms' | 'voice'; steps: Step[]; end: ReceiptState; atOnce?: boolean };
    const sequences: Sequence[] = [
      {
        name: 'SMS delivered before sent',
        channel: 'sms',
        steps: [{ status: 'delivered' }, { status: 'sent' }],
        end: 'delivered',
      },
      {
        name: 'SMS sent after delivered',
        channel: 'sms',
        steps: [{ status: 'sent' }, { status: 'delivered' }, { status: 'sent' }, { status: 'queued' }],
        end: 'delivered',
      },
      {
        name: 'SMS failed after delivered',
        channel: 'sms',
        steps: [{ status: 'delivered' }, { status: 'undelivered' }],
        end: 'delivered',
      },
      {
        name: 'SMS read, then delivered, then failed',
        channel: 'sms',
        steps: [{ status: 'read' }, { status: 'delivered' }, { status: 'failed' }],
        end: 'delivered',
      },
      {
        name: 'SMS sent after it failed',
        channel: 'sms',
        steps: [{ status: 'undelivered' }, { status: 'sent' }],
        end: 'failed',
      },
      {
        name: 'SMS delivered after the reply confirmed it',
        channel: 'sms',
        steps: [{ confirm: true }, { status: 'delivered' }, { status: 'sent' }],
        end: 'received',
      },
      {
        name: 'SMS statuses all at once',
        channel: 'sms',
        steps: [
          { status: 'queued' },
          { status: 'sent' },
          { status: 'delivered' },
          { status: 'sent' },
          { status: 'delivered' },
        ],
        end: 'delivered',
        atOnce: true,
      },
      {
        name: 'call completed before in-progress',
        channel: 'voice',
        steps: [{ status: 'completed' }, { status: 'in-progress' }, { status: 'ringing' }],
        end: 'delivered',
      },
      {
        name: 'call no-answer after completed',
        channel: 'voice',
        steps: [{ status: 'ringing' }, { status: 'completed' }, { status: 'no-answer' }],
        end: 'delivered',
      },
      {
        name: 'call completed after the key press confirmed it',
        channel: 'voice',
        steps: [{ confirm: true }, { status: 'completed' }, { status: 'in-progress' }],
        end: 'received',
      },
      {
        name: 'call statuses all at once',
        channel: 'voice',
        steps: [{ status: 'initiated' }, { status: 'ringing' }, { status: 'in-progress' }, { status: 'completed' }],
        end: 'delivered',
        atOnce: true,
      },
    ];

    it.each(sequences)('$name: the receipt never moves backwards', async ({ name, channel, steps, end, atOnce }) => {
      // The callbacks may come before the worker stored Twilio's answer: the receipt is still being sent, and the
      // callback URL (with the receipt's key) is all that names it.
      const company = await createCompany(api.db, { plan: 'enterprise' });
      const admin = await createMember(api.db, company.id, 'admin');
      const person = await createMember(api.db, company.id);
      const alert = await insertAlert(api.db, {
        companyId: company.id,
        authorId: admin.user.id,
        channels: [channel],
        recipients: [{ userId: person.user.id, receipts: [{ channel, state: 'processing' }] }],
      });
      const key = { alertId: alert.id, userId: person.user.id, channel, fallback: false, round: 1 };
      const providerId = sid(channel === 'sms' ? 'SM' : 'CA');
      const state = async () =>
        (await api.db.receipt.findUniqueOrThrow({ where: { alertId_userId_channel_fallback_round: key } })).state;
      const deliver = (step: Step) => {
        if ('confirm' in step) {
          return channel === 'sms'
            ? post(`${api.url}${WEBHOOKS}/inbound-sms`, {
                MessageSid: sid('SM'),
                From: person.user.phone!,
                To: FROM,
                Body: 'OK',
              })
            : post(`${api.url}${WEBHOOKS}/voice-gather?alertId=${alert.id}&userId=${person.user.id}`, {
                CallSid: providerId,
                Digits: '1',
              });
        }
        return channel === 'sms'
          ? post(`${api.url}${WEBHOOKS}/sms-status?${receiptKeyQuery(key)}`, {
              MessageSid: providerId,
              MessageStatus: step.status,
            })
          : post(`${api.url}${WEBHOOKS}/call-status?${receiptKeyQuery(key)}`, {
              CallSid: providerId,
              CallStatus: step.status,
            });
      };

      const seen: ReceiptState[] = [await state()];
      let answered = true;
      if (atOnce) {
        answered = (await Promise.all(steps.map(deliver))).every((response) => response.ok);
      } else {
        for (const step of steps) {
          answered = (await deliver(step)).ok && answered;
          seen.push(await state());
        }
      }
      seen.push(await state());
      const forwardOnly = seen.every((to, n) => n === 0 || to === seen[n - 1] || canMove(seen[n - 1], to));
      record('outOfOrder', `${name}: ${seen.join(' → ')}`, answered && forwardOnly && seen.at(-1) === end);
      expect({ answered, forwardOnly, states: seen }).toEqual({
        answered: true,
        forwardOnly: true,
        states: expect.anything(),
      });
      expect(seen.at(-1)).toBe(end);
    });
  });
});
