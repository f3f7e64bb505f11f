import { describe, it, expect } from '@jest/globals';
import pg from 'pg';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { useApiTestContext, type ApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import { operatorSession } from '../helpers/operator-session';

// Issue 35, item 1: the install's operators list every company's "Contact sales" requests and answer each one once.
// The answer is kept, written to the asking company's audit log and e-mailed to the requester in their language, in
// one transaction; the company's admins see it on their Contact sales screen. SMTP is unset: e-mails land in the
// company's outbox, where these tests read them.
const OPERATOR_EMAIL = 'ops@operators.test';
const SECOND_OPERATOR_EMAIL = 'second@operators.test';
const SALES_EMAIL = 'sales@provider.test';
const api = useApiTestContext({ OPERATOR_EMAILS: `${OPERATOR_EMAIL},${SECOND_OPERATOR_EMAIL}`, SALES_EMAIL });

const LIST = '/api/operator/salesRequests';
const answerPath = (id: string) => `/api/operator/salesRequests/${id}/answer`;
const answer = (token: string | undefined, id: string, body: unknown) =>
  api.call('POST', answerPath(id), { token, body });

/** A company, its admin (the requester) and their sales request, sent through the API like the screen sends it. */
async function arrange(db: PrismaClient, locale = 'en-us') {
  const company = await createCompany(db, { name: `Fjord Redning ${Date.now()}`, plan: 'professional' });
  const admin = await createMember(db, company.id, 'admin', 'Ada Admin');
  await db.user.update({ where: { id: admin.user.id }, data: { locale } });
  const sent = await api.call('POST', '/api/customer/contactSales', {
    token: admin.token,
    body: {
      fields: [
        { name: 'topic', value: 'moreSeats' },
        { name: 'seatsWanted', value: '25' },
        { name: 'message', value: 'We open a second depot in March.' },
        { name: 'phone', value: '+47 912 34 567' },
      ],
    },
  });
  expect(sent.status).toBe(201);
  return { company, admin, requestId: sent.body.id as string };
}

/** The requests of these companies in the operators' list (other tests' requests share the database). */
async function listed(context: ApiTestContext, token: string, query: string, companyIds: string[]) {
  const response = await context.call('GET', `${LIST}?pageSize=1000&${query}`, { token });
  expect(response.status).toBe(200);
  const items: any[] = response.body.items;
  return items.filter((item) => companyIds.includes(item.company.id));
}

const idsOf = (items: { id: string }[]) => items.map((item) => item.id);

const answerEmails = (db: PrismaClient, companyId: string) =>
  db.outboundMessage.findMany({
    where: { companyId, channel: 'email', recipient: { not: SALES_EMAIL } },
    orderBy: { createdAt: 'asc' },
  });

describe('operators: sales requests', () => {
  it('lists every company’s open requests, newest first, with the company, requester and every field', async () => {
    const operator = await operatorSession(api.db, OPERATOR_EMAIL);
    const first = await arrange(api.db);
    const second = await arrange(api.db);
    const older = await api.db.salesRequest.create({
      data: {
        companyId: second.company.id,
        userId: null,
        fields: [{ name: 'message', value: 'From someone since deleted' }],
        createdAt: new Date(Date.now() - 86_400_000),
      },
    });
    const ids = [first.company.id, second.company.id];

    const open = await listed(api, operator.token, '', ids);
    expect(idsOf(open)).toEqual([second.requestId, first.requestId, older.id]);
    expect(open[1]).toEqual({
      id: first.requestId,
      at: expect.any(String),
      company: { id: first.company.id, name: first.company.name, plan: 'professional' },
      requester: { name: 'Ada Admin', email: first.admin.user.email, inCompany: true },
      topic: 'moreSeats',
      fields: [
        { name: 'topic', value: 'moreSeats' },
        { name: 'seatsWanted', value: '25' },
        { name: 'message', value: 'We open a second depot in March.' },
        { name: 'phone', value: '+47 912 34 567' },
        { name: 'requesterName', value: 'Ada Admin' },
        { name: 'requesterEmail', value: first.admin.user.email },
        { name: 'companyName', value: first.company.name },
        { name: 'companyId', value: first.company.id },
        { name: 'plan', value: 'professional' },
        { name: 'includedSeats', value: '50' },
        { name: 'extraSeats', value: '0' },
        { name: 'seatsInUse', value: '1' },
      ],
      sentTo: SALES_EMAIL,
      answer: null,
      answeredAt: null,
      answeredBy: null,
    });
    expect(open[2]).toMatchObject({ id: older.id, requester: null, topic: null });

    // Answered ones leave the open list and make the answered one; all has both.
    expect((await answer(operator.token, first.requestId, { answer: 'Yes.' })).status).toBe(200);
    expect(idsOf(await listed(api, operator.token, 'status=open', ids))).toEqual([second.requestId, older.id]);
    expect(await listed(api, operator.token, 'status=answered', ids)).toEqual([
      expect.objectContaining({ id: first.requestId, answer: 'Yes.', answeredBy: { name: 'Olga Operator' } }),
    ]);
    expect(idsOf(await listed(api, operator.token, 'status=all', ids))).toEqual([
      second.requestId,
      first.requestId,
      older.id,
    ]);

    // Paged like the other operator lists, with the number matching.
    const page = await api.call('GET', `${LIST}?status=all&pageSize=1&page=2`, { token: operator.token });
    expect(page.body).toMatchObject({ page: 2, pageSize: 1, total: expect.any(Number) });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    for (const bad of ['status=closed', 'page=0', 'pageSize=1001']) {
      expect((await api.call('GET', `${LIST}?${bad}`, { token: operator.token })).status).toBe(400);
    }

    // A deleted company's requests are no longer anyone's to answer.
    await api.db.company.update({ where: { id: second.company.id }, data: { deletedAt: new Date() } });
    expect(idsOf(await listed(api, operator.token, 'status=all', ids))).toEqual([first.requestId]);
    expect((await answer(operator.token, second.requestId, { answer: 'Too late' })).status).toBe(404);
  });

  it('answers once: kept, audited in the asking company only, e-mailed to the requester in their language', async () => {
    const operator = await operatorSession(api.db, OPERATOR_EMAIL);
    const asking = await arrange(api.db, 'sv-se');
    const other = await arrange(api.db);

    const answered = await answer(operator.token, asking.requestId, {
      answer: '  Vi lägger till 25 platser från den 1 mars.\nHälsningar, Olga  ',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      id: asking.requestId,
      company: { id: asking.company.id },
      answer: 'Vi lägger till 25 platser från den 1 mars.\nHälsningar, Olga',
      answeredAt: expect.any(String),
      answeredBy: { name: 'Olga Operator' },
      emailedTo: asking.admin.user.email,
    });
    const stored = await api.db.salesRequest.findUniqueOrThrow({ where: { id: asking.requestId } });
    expect(stored).toMatchObject({ answeredById: operator.user.id, answer: answered.body.answer });

    // The e-mail: to the requester, in Swedish, with what they asked and the answer; replies go to sales.
    const [email, ...more] = await answerEmails(api.db, asking.company.id);
    expect(more).toEqual([]);
    expect(email.recipient).toBe(asking.admin.user.email);
    expect(email.subject).toBe(`Svar på din säljförfrågan för ${asking.company.name}`);
    for (const line of [
      'Hej Ada Admin!',
      'Ämne: Fler platser',
      'Önskat antal extra platser: 25',
      'Ditt meddelande: We open a second depot in March.',
      'Svaret:\n\nVi lägger till 25 platser från den 1 mars.\nHälsningar, Olga',
      `ett svar går till ${SALES_EMAIL}`,
    ]) {
      expect(email.body).toContain(line);
    }
    expect(email.body).not.toContain('+47 912 34 567');
    expect(email.payload).toMatchObject({ replyTo: SALES_EMAIL });
    expect((email.payload as { html: string }).html).toContain('Vi lägger till 25 platser från den 1 mars.');
    expect(await answerEmails(api.db, other.company.id)).toEqual([]);

    // The audit entry is the asking company's, naming the operator, and nobody else's.
    const audit = await api.db.auditLog.findMany({ where: { action: 'sales.answered', entityId: asking.requestId } });
    expect(audit).toEqual([
      expect.objectContaining({
        companyId: asking.company.id,
        actorId: operator.user.id,
        entityType: 'salesRequest',
        data: { emailedTo: asking.admin.user.email },
      }),
    ]);

    // The asking company's admin sees the answer; another company's admin sees only their own, unanswered, request.
    const mine = await api.call('GET', '/api/customer/contactSales', { token: asking.admin.token });
    expect(mine.body.items).toEqual([
      expect.objectContaining({
        id: asking.requestId,
        answer: answered.body.answer,
        answeredAt: answered.body.answeredAt,
        answeredBy: { name: 'Olga Operator' },
      }),
    ]);
    const theirs = await api.call('GET', '/api/customer/contactSales', { token: other.admin.token });
    expect(theirs.body.items).toEqual([
      expect.objectContaining({ id: other.requestId, answer: null, answeredAt: null, answeredBy: null }),
    ]);
    expect(JSON.stringify(theirs.body)).not.toContain('Vi lägger till');
    const elsewhere = await api.call('GET', '/api/customer/contactSales', {
      token: other.admin.token,
      customerId: asking.company.id,
    });
    expect(elsewhere.status).toBe(403);

    // One answer per request.
    const again = await answer(operator.token, asking.requestId, { answer: 'A second answer' });
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 'salesRequestAnswered',
        errors: ['This sales request has already been answered; a request takes one answer'],
      },
    });
    expect((await api.db.salesRequest.findUniqueOrThrow({ where: { id: asking.requestId } })).answer).toBe(
      answered.body.answer,
    );
    expect(await answerEmails(api.db, asking.company.id)).toHaveLength(1);
    expect(await api.db.auditLog.count({ where: { action: 'sales.answered', entityId: asking.requestId } })).toBe(1);
  });

  it('refuses a bad answer with 400 and a clear message, an unknown request with 404, and records nothing', async () => {
    const operator = await operatorSession(api.db, OPERATOR_EMAIL);
    const { company, requestId } = await arrange(api.db);
    const refusals: [unknown, string[]][] = [
      [{}, ['answer is required']],
      [{ answer: '   \n ' }, ['answer is required']],
      [{ answer: 'x'.repeat(5001) }, ['answer cannot be longer than 5000 characters']],
      [{ answer: 42 }, ['answer is not valid']],
      [{ answer: 'Fine', cc: 'me' }, ['body is not valid']],
      [{ answer: 'nul\u0000' }, ['answer is not valid']],
    ];
    for (const [body, errors] of refusals) {
      const response = await answer(operator.token, requestId, body);
      expect({ body, status: response.status, errors: response.body.errors }).toEqual({ body, status: 400, errors });
    }
    expect((await answer(operator.token, 'not-an-id', { answer: 'Fine' })).status).toBe(400);
    const unknown = await answer(operator.token, crypto.randomUUID(), { answer: 'Fine' });
    expect(unknown).toMatchObject({ status: 404, body: { errors: ['The sales request was not found'] } });

    // 5000 characters after trimming are fine.
    const longest = await answer(operator.token, requestId, { answer: ` ${'y'.repeat(5000)} ` });
    expect(longest.status).toBe(200);
    expect(longest.body.answer).toHaveLength(5000);
    expect(await answerEmails(api.db, company.id)).toHaveLength(1);
  });

  it('e-mails nobody when the requester’s account is gone or they left the company, and says so', async () => {
    const operator = await operatorSession(api.db, OPERATOR_EMAIL);
    const deleted = await arrange(api.db);
    await api.db.user.delete({ where: { id: deleted.admin.user.id } });
    const left = await arrange(api.db);
    await api.db.membership.updateMany({ where: { userId: left.admin.user.id }, data: { deletedAt: new Date() } });

    const [listedLeft] = await listed(api, operator.token, '', [left.company.id]);
    expect(listedLeft.requester).toEqual({ name: 'Ada Admin', email: left.admin.user.email, inCompany: false });
    for (const { company, requestId } of [deleted, left]) {
      const response = await answer(operator.token, requestId, { answer: 'Kept for your admins' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ answer: 'Kept for your admins', emailedTo: null });
      expect(await answerEmails(api.db, company.id)).toEqual([]);
      const [audit] = await api.db.auditLog.findMany({ where: { action: 'sales.answered', entityId: requestId } });
      expect(audit).toMatchObject({ companyId: company.id, data: { emailedTo: null } });
    }
    expect((await listed(api, operator.token, 'status=answered', [deleted.company.id]))[0]).toMatchObject({
      requester: null,
      answer: 'Kept for your admins',
    });
    // The company's other admins see it.
    const colleague = await createMember(api.db, left.company.id, 'owner');
    const theirs = await api.call('GET', '/api/customer/contactSales', { token: colleague.token });
    expect(theirs.body.items).toEqual([
      expect.objectContaining({ id: left.requestId, answer: 'Kept for your admins' }),
    ]);
  });

  it('of two operators answering at once, one wins and the other gets 409', async () => {
    const first = await operatorSession(api.db, OPERATOR_EMAIL);
    const second = await operatorSession(api.db, SECOND_OPERATOR_EMAIL, { name: 'Sven Second' });
    const { company, requestId } = await arrange(api.db);

    // Hold the row while both requests are made, so that both have read it unanswered and both wait to write it. A
    // second connection watches them wait (a transaction sees pg_stat_activity as it was at its first look).
    const holder = new pg.Client({ connectionString: api.databaseUrl });
    const watcher = new pg.Client({ connectionString: api.databaseUrl });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM "SalesRequest" WHERE id = $1 FOR UPDATE', [requestId]);
      const both = Promise.all([
        answer(first.token, requestId, { answer: 'From the first operator' }),
        answer(second.token, requestId, { answer: 'From the second operator' }),
      ]);
      const waiting = async () =>
        Number(
          (
            await watcher.query(
              `SELECT count(*) AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'UPDATE %SalesRequest%'`,
            )
          ).rows[0].n,
        );
      for (let tries = 0; (await waiting()) < 2; tries += 1) {
        if (tries > 200) throw new Error('The two answers never both waited for the row');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await holder.query('COMMIT');
      const responses = await both;
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const winner = responses.find((response) => response.status === 200)!;
      const stored = await api.db.salesRequest.findUniqueOrThrow({ where: { id: requestId } });
      expect(stored.answer).toBe(winner.body.answer);
      expect(await answerEmails(api.db, company.id)).toHaveLength(1);
      expect(await api.db.auditLog.count({ where: { action: 'sales.answered', entityId: requestId } })).toBe(1);
    } finally {
      await Promise.all([holder.end(), watcher.end()]);
    }
  });

  it('is for operators only: a company admin or owner gets 403, no session 401', async () => {
    const { company, admin, requestId } = await arrange(api.db);
    const owner = await createMember(api.db, company.id, 'owner');
    for (const token of [admin.token, owner.token]) {
      const list = await api.call('GET', LIST, { token });
      expect(list).toMatchObject({ status: 403, body: { code: 'notOperator' } });
      const answered = await answer(token, requestId, { answer: 'Answering myself' });
      expect(answered).toMatchObject({ status: 403, body: { code: 'notOperator' } });
    }
    expect((await api.call('GET', LIST)).status).toBe(401);
    expect((await answer(undefined, requestId, { answer: 'Anyone?' })).status).toBe(401);
    expect((await api.db.salesRequest.findUniqueOrThrow({ where: { id: requestId } })).answeredAt).toBeNull();
  });
});
