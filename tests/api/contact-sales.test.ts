import { describe, it, expect } from '@jest/globals';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { useApiTestContext, type ApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// "Contact sales" (issue 19): POST /api/customer/contactSales records the form's name/value pairs with the facts the
// server knows and, when SALES_EMAIL is set, e-mails them there (SMTP unset here: the e-mail lands in the outbox);
// GET lists the company's latest requests. `npm start` sets no SALES_EMAIL: that is the first case.

const SALES_EMAIL = 'sales@provider.test';

async function companyWithPeople(db: PrismaClient, name?: string) {
  const company = await createCompany(db, { name, plan: 'professional' });
  await db.company.update({ where: { id: company.id }, data: { extraSeats: 5 } });
  const admin = await createMember(db, company.id, 'admin', 'Ada Admin');
  const member = await createMember(db, company.id, 'user', 'Mats Member');
  return { company, admin, member };
}

const send = (api: ApiTestContext, token: string | undefined, fields: unknown, customerId?: string) =>
  api.call('POST', '/api/customer/contactSales', { token, customerId, body: { fields } });

const MORE_SEATS = [
  { name: 'topic', value: 'moreSeats' },
  { name: 'seatsWanted', value: '25' },
  { name: 'message', value: '  We are opening a second depot.  ' },
];

describe('contact sales without SALES_EMAIL (the default)', () => {
  const api = useApiTestContext();

  it('records the request with the server facts and the audit log, e-mails nothing, and says so', async () => {
    const { company, admin } = await companyWithPeople(api.db);
    const answer = await send(api, admin.token, MORE_SEATS);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      by: { userId: admin.user.id, name: 'Ada Admin' },
      topic: 'moreSeats',
      sentTo: null,
      answer: null,
      answeredAt: null,
      answeredBy: null,
    });

    const stored = await api.db.salesRequest.findUniqueOrThrow({ where: { id: answer.body.id } });
    expect(stored).toMatchObject({ companyId: company.id, userId: admin.user.id, sentTo: null });
    expect(stored.fields).toEqual([
      { name: 'topic', value: 'moreSeats' },
      { name: 'seatsWanted', value: '25' },
      { name: 'message', value: 'We are opening a second depot.' },
      { name: 'requesterName', value: 'Ada Admin' },
      { name: 'requesterEmail', value: admin.user.email },
      { name: 'companyName', value: company.name },
      { name: 'companyId', value: company.id },
      { name: 'plan', value: 'professional' },
      { name: 'includedSeats', value: '50' },
      { name: 'extraSeats', value: '5' },
      { name: 'seatsInUse', value: '2' },
    ]);
    const audit = await api.db.auditLog.findMany({ where: { companyId: company.id, action: 'sales.requested' } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        entityId: answer.body.id,
        data: { topic: 'moreSeats', sentTo: null },
      }),
    ]);
    expect(await api.db.outboundMessage.count({ where: { companyId: company.id } })).toBe(0);

    const list = await api.call('GET', '/api/customer/contactSales', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [answer.body], salesEmailConfigured: false });
  });

  it('refuses bad fields with 400, one message per problem, and records nothing', async () => {
    const { company, admin } = await companyWithPeople(api.db);
    const refused = async (fields: unknown, errors: string[]) => {
      const answer = await send(api, admin.token, fields);
      expect({ fields, status: answer.status, errors: answer.body.errors }).toEqual({ fields, status: 400, errors });
    };
    await refused([{ name: 'favouriteColour', value: 'red' }], ['fields.0.name is not valid', 'message is required']);
    await refused(
      [
        { name: 'message', value: 'Hello' },
        { name: 'message', value: 'Hello again' },
      ],
      ['fields.1.name is not valid'],
    );
    await refused([{ name: 'message', value: 'x'.repeat(5001) }], ['message cannot be longer than 5000 characters']);
    await refused(
      [
        { name: 'topic', value: 'moreSeats' },
        { name: 'phone', value: '1'.repeat(41) },
      ],
      ['phone cannot be longer than 40 characters'],
    );
    await refused([], ['message is required']);
    await refused([{ name: 'message', value: '   ' }], ['message is required']);
    await refused([{ name: 'topic', value: 'freeLunch' }], ['topic is not valid']);
    await refused(
      [
        { name: 'topic', value: 'moreSeats' },
        { name: 'seatsWanted', value: 'lots' },
      ],
      ['seatsWanted is not valid'],
    );
    await refused(
      [
        { name: 'topic', value: 'otherPlan' },
        { name: 'planWanted', value: 'platinum' },
      ],
      ['planWanted is not valid'],
    );
    await refused([{ name: 'message', value: 42 }], ['fields.0.value is not valid']);
    await refused(undefined, ['fields is required']);
    expect(await api.db.salesRequest.count({ where: { companyId: company.id } })).toBe(0);
    expect(await api.db.auditLog.count({ where: { companyId: company.id, action: 'sales.requested' } })).toBe(0);
  });

  it('keeps odd unicode (a lone surrogate, RTL marks, emoji) without failing', async () => {
    const { admin } = await companyWithPeople(api.db);
    const answer = await send(api, admin.token, [{ name: 'message', value: 'a\ud800b\udc00c \u202eevil\u202c 🚒' }]);
    expect(answer.status).toBe(201);
    const stored = await api.db.salesRequest.findUniqueOrThrow({ where: { id: answer.body.id } });
    expect((stored.fields as { value: string }[])[0].value).toBe('a\ufffdb\ufffdc \u202eevil\u202c 🚒');
  });

  it('is for admins: a member gets 403, no session 401', async () => {
    const { company, member } = await companyWithPeople(api.db);
    expect((await send(api, member.token, MORE_SEATS)).status).toBe(403);
    expect((await api.call('GET', '/api/customer/contactSales', { token: member.token })).status).toBe(403);
    expect((await send(api, undefined, MORE_SEATS)).status).toBe(401);
    expect((await api.call('GET', '/api/customer/contactSales', {})).status).toBe(401);
    expect(await api.db.salesRequest.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("never shows another company's requests, and cannot send for a company the caller is not in", async () => {
    const mine = await companyWithPeople(api.db);
    const theirs = await companyWithPeople(api.db);
    const sent = await send(api, theirs.admin.token, [{ name: 'message', value: 'Our own request' }]);
    expect(sent.status).toBe(201);
    const list = await api.call('GET', '/api/customer/contactSales', { token: mine.admin.token });
    expect(list.body.items).toEqual([]);
    const elsewhere = await api.call('GET', '/api/customer/contactSales', {
      token: mine.admin.token,
      customerId: theirs.company.id,
    });
    expect(elsewhere.status).toBe(403);
    expect((await send(api, mine.admin.token, MORE_SEATS, theirs.company.id)).status).toBe(403);
    expect(await api.db.salesRequest.count({ where: { companyId: theirs.company.id } })).toBe(1);
  });

  it('lists the latest 20, newest first, a deleted requester as nobody', async () => {
    const { company, admin } = await companyWithPeople(api.db);
    const start = Date.now() - 60 * 60_000;
    for (let index = 0; index < 22; index += 1) {
      await api.db.salesRequest.create({
        data: {
          companyId: company.id,
          userId: index === 21 ? null : admin.user.id,
          fields: [{ name: 'message', value: `Request ${index}` }],
          createdAt: new Date(start + index * 60_000),
        },
      });
    }
    const list = await api.call('GET', '/api/customer/contactSales', { token: admin.token });
    expect(list.body.items).toHaveLength(20);
    expect(list.body.items[0]).toMatchObject({ by: null, topic: null, sentTo: null });
    expect(list.body.items[1].by).toEqual({ userId: admin.user.id, name: 'Ada Admin' });
    const times = list.body.items.map((item: { at: string }) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.at(-1)).toBe(new Date(start + 2 * 60_000).toISOString());
  });

  it('takes at most 10 requests an hour per company (429 throttled), other companies still can', async () => {
    const { company, admin } = await companyWithPeople(api.db);
    for (let index = 0; index < 10; index += 1) {
      expect((await send(api, admin.token, [{ name: 'message', value: `Request ${index}` }])).status).toBe(201);
    }
    const refused = await send(api, admin.token, [{ name: 'message', value: 'One more' }]);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('throttled');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await api.db.salesRequest.count({ where: { companyId: company.id } })).toBe(10);
    const other = await companyWithPeople(api.db);
    expect((await send(api, other.admin.token, [{ name: 'message', value: 'Hello' }])).status).toBe(201);
  });
});

describe('contact sales with SALES_EMAIL', () => {
  const api = useApiTestContext({ SALES_EMAIL });

  it("e-mails the pairs to SALES_EMAIL in the asker's language, Reply-To the asker; server facts win", async () => {
    const { company, admin } = await companyWithPeople(api.db, 'Fjord Redning');
    await api.db.user.update({ where: { id: admin.user.id }, data: { locale: 'no-nb' } });
    const answer = await send(api, admin.token, [
      { name: 'topic', value: 'otherPlan' },
      { name: 'planWanted', value: 'enterprise' },
      { name: 'message', value: 'Vi vil ha Flic-knapper.' },
      { name: 'phone', value: '+47 912 34 567' },
      // A client may send the server's facts; the server's own values replace them.
      { name: 'companyName', value: 'Evil Corp' },
      { name: 'seatsInUse', value: '9999' },
      { name: 'requesterEmail', value: 'ceo@evil.test' },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ topic: 'otherPlan', sentTo: SALES_EMAIL });

    const emails = await api.db.outboundMessage.findMany({ where: { channel: 'email', companyId: company.id } });
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email.recipient).toBe(SALES_EMAIL);
    expect(email.subject).toBe('Salgshenvendelse fra Fjord Redning');
    expect(email.payload).toMatchObject({ replyTo: admin.user.email });
    for (const line of [
      'Emne: En annen plan',
      'Ønsket plan: Bedrift',
      'Melding: Vi vil ha Flic-knapper.',
      'Telefon: +47 912 34 567',
      'Navn: Ada Admin',
      `E-post: ${admin.user.email}`,
      'Firma: Fjord Redning',
      `Firma-ID: ${company.id}`,
      'Nåværende plan: Profesjonell',
      'Inkluderte plasser: 50',
      'Ekstra plasser: 5',
      'Plasser i bruk: 2',
    ]) {
      expect(email.body).toContain(line);
    }
    expect(email.body).not.toMatch(/Evil Corp|9999|ceo@evil\.test/);
    expect((email.payload as { html: string }).html).toContain('Fjord Redning');

    const stored = await api.db.salesRequest.findUniqueOrThrow({ where: { id: answer.body.id } });
    expect(stored.sentTo).toBe(SALES_EMAIL);
    const values = Object.fromEntries(
      (stored.fields as { name: string; value: string }[]).map((f) => [f.name, f.value]),
    );
    expect(values).toMatchObject({ companyName: 'Fjord Redning', seatsInUse: '2', requesterEmail: admin.user.email });

    const list = await api.call('GET', '/api/customer/contactSales', { token: admin.token });
    expect(list.body).toEqual({ items: [answer.body], salesEmailConfigured: true });
  });

  it('sends no e-mail for a refused request', async () => {
    const { company, admin } = await companyWithPeople(api.db);
    expect((await send(api, admin.token, [{ name: 'message', value: 'x'.repeat(5001) }])).status).toBe(400);
    expect(await api.db.outboundMessage.count({ where: { companyId: company.id } })).toBe(0);
  });
});
