import { describe, it, expect } from '@jest/globals';
import { createSession } from '@/lib/auth/create-session';
import { newToken } from '@/lib/auth/session-token';
import { newIotCode } from '@/lib/iot/iot-code';
import { createAccount, solveCaptcha } from '../helpers/accounts';
import { insertAlert } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import { operatorSession as openOperatorSession } from '../helpers/operator-session';
import { uniquePhone } from '../helpers/phone';

// Issue 35: the install's operators (OPERATOR_EMAILS) set companies' plans, seats and features, suspend and restore
// companies, and decide who may sign up and what a new company starts with. Everyone else, whatever their role in a
// company, is refused; so is an operator's e-mail on an account a company could have made or signed in to.
const OPERATOR_EMAIL = 'ops@operators.test';
const api = useApiTestContext({ OPERATOR_EMAILS: `${OPERATOR_EMAIL}, Second@Operators.test` });

const operatorSession = (options: { kind?: 'console' | 'device'; companyId?: string } = {}) =>
  openOperatorSession(api.db, OPERATOR_EMAIL, options);

async function arrange() {
  const company = await createCompany(api.db, { plan: 'free', name: `Acme ${Date.now()}` });
  const owner = await createMember(api.db, company.id, 'owner', 'Owen Owner');
  const member = await createMember(api.db, company.id, 'user', 'Mia Member');
  const operator = await operatorSession();
  return { company, owner, member, operator };
}

const asOperator = (token: string) => ({ token });

describe('operators: companies', () => {
  it('lists every company with plan, seats in use, features, state and last activity; searches and pages', async () => {
    const { company, owner, operator } = await arrange();
    await insertAlert(api.db, {
      companyId: company.id,
      authorId: owner.user.id,
      sentAt: new Date('2026-12-01T10:00:00Z'),
    });
    const response = await api.call(
      'GET',
      `/api/operator/companies?q=${encodeURIComponent(company.name)}`,
      asOperator(operator.token),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(response.body.items).toEqual([
      {
        id: company.id,
        name: company.name,
        plan: 'free',
        includedSeats: 50,
        extraSeats: 0,
        maxUsers: 5,
        seatsUsed: 2,
        features: [],
        createdAt: company.createdAt.toISOString(),
        lastActivityAt: expect.any(String),
        suspendedAt: null,
        suspendedReason: null,
      },
    ]);
    // The members' sessions were used just now: later than the alert.
    expect(new Date(response.body.items[0].lastActivityAt).getTime()).toBeGreaterThan(
      Date.parse('2026-12-01T10:00:00Z'),
    );

    const all = await api.call('GET', '/api/operator/companies?pageSize=1&page=1', asOperator(operator.token));
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(1);
    // A search takes % and _ literally.
    const literal = await api.call('GET', '/api/operator/companies?q=%25', asOperator(operator.token));
    expect(literal.body.total).toBe(0);
    for (const bad of ['page=0', 'pageSize=1001', `q=${'x'.repeat(101)}`]) {
      expect((await api.call('GET', `/api/operator/companies?${bad}`, asOperator(operator.token))).status).toBe(400);
    }
  });

  it("sets a company's plan, seats and features, audited, and the company's people see it at once", async () => {
    const { company, owner, operator } = await arrange();
    const path = `/api/operator/companies/${company.id}`;
    const changed = await api.call('PUT', path, {
      ...asOperator(operator.token),
      body: { plan: 'enterprise', includedSeats: 200, extraSeats: 25, features: ['mission', 'scenario', 'mission'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      plan: 'enterprise',
      includedSeats: 200,
      extraSeats: 25,
      maxUsers: 225,
      features: ['mission', 'scenario'],
    });
    const me = await api.call('GET', '/api/me', { token: owner.token, customerId: company.id });
    expect(me.body.customer).toMatchObject({ plan: 'enterprise', maxUsers: 225 });
    expect(me.body.features).toEqual([{ featureName: 'mission' }, { featureName: 'scenario' }]);
    const [audit] = await api.db.auditLog.findMany({ where: { companyId: company.id, action: 'companyPlanChanged' } });
    expect(audit).toMatchObject({
      actorId: operator.user.id,
      entityId: company.id,
      data: {
        before: { plan: 'free', includedSeats: 50, extraSeats: 0, features: [] },
        after: { plan: 'enterprise', includedSeats: 200, extraSeats: 25, features: ['mission', 'scenario'] },
      },
    });
    // Only what is given changes.
    const seatsOnly = await api.call('PUT', path, { ...asOperator(operator.token), body: { extraSeats: 0 } });
    expect(seatsOnly.body).toMatchObject({
      plan: 'enterprise',
      includedSeats: 200,
      extraSeats: 0,
      features: ['mission', 'scenario'],
    });
    expect((await api.call('GET', path, asOperator(operator.token))).body).toEqual(seatsOnly.body);
  });

  it('refuses bad input with 400, an unknown or deleted company with 404', async () => {
    const { company, operator } = await arrange();
    const path = `/api/operator/companies/${company.id}`;
    for (const body of [
      {},
      { plan: 'gold' },
      { includedSeats: -1 },
      { extraSeats: 1.5 },
      { features: ['teleport'] },
      { plan: 'free', owner: 'me' },
    ]) {
      expect((await api.call('PUT', path, { ...asOperator(operator.token), body })).status).toBe(400);
    }
    expect((await api.call('GET', '/api/operator/companies/not-a-uuid', asOperator(operator.token))).status).toBe(400);
    const unknown = await api.call('PUT', `/api/operator/companies/${crypto.randomUUID()}`, {
      ...asOperator(operator.token),
      body: { plan: 'free' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { errors: ['The company was not found'] } });
    const deleted = await createCompany(api.db);
    await api.db.company.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    expect((await api.call('GET', `/api/operator/companies/${deleted.id}`, asOperator(operator.token))).status).toBe(
      404,
    );
    expect((await api.call('GET', path, asOperator(operator.token))).body.plan).toBe('free');
  });

  it("suspends a company: its console, buttons and directory are refused until it is restored; others' are not", async () => {
    const { company, owner, member, operator } = await arrange();
    const other = await createCompany(api.db);
    const otherAdmin = await createMember(api.db, other.id, 'admin');
    const { code, codeHash, codePrefix } = newIotCode();
    await api.db.iotDevice.create({ data: { companyId: company.id, codeHash, codePrefix, name: 'Reception' } });
    const directory = newToken();
    await api.db.company.update({ where: { id: company.id }, data: { azureAdEnabled: true } });
    await api.db.directoryKey.create({
      data: {
        companyId: company.id,
        keyHash: directory.tokenHash,
        keyPrefix: directory.token.slice(0, 8),
        createdById: owner.user.id,
      },
    });
    const teams = (token: string, customerId: string) => api.call('GET', '/api/teams', { token, customerId });
    const scim = () => api.call('GET', '/scim/v2/Users', { token: directory.token });
    expect((await teams(owner.token, company.id)).status).toBe(200);
    expect((await scim()).status).toBe(200);

    const path = `/api/operator/companies/${company.id}/suspension`;
    expect((await api.call('PUT', path, { ...asOperator(operator.token), body: {} })).status).toBe(400);
    expect((await api.call('PUT', path, { ...asOperator(operator.token), body: { reason: ' ' } })).status).toBe(400);
    const suspended = await api.call('PUT', path, {
      ...asOperator(operator.token),
      body: { reason: 'Unpaid since March' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ suspendedAt: expect.any(String), suspendedReason: 'Unpaid since March' });

    for (const person of [owner, member]) {
      const refused = await teams(person.token, company.id);
      expect(refused).toMatchObject({
        status: 403,
        body: {
          code: 'companySuspended',
          errors: ['This company is suspended. Contact whoever runs Tocsin for you to restore it'],
        },
      });
    }
    // The person's own account still answers; another company is untouched.
    expect((await api.call('GET', '/api/me', { token: member.token })).status).toBe(200);
    expect((await teams(otherAdmin.token, other.id)).status).toBe(200);
    const pressed = await api.call('POST', '/api/iot/events', { headers: { code, action: 'click' } });
    expect(pressed).toMatchObject({ status: 403, body: { code: 'companySuspended' } });
    expect((await scim()).status).toBe(403);

    const restored = await api.call('DELETE', path, asOperator(operator.token));
    expect(restored.body).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expect((await teams(owner.token, company.id)).status).toBe(200);
    expect((await scim()).status).toBe(200);
    const actions = await api.db.auditLog.findMany({
      where: { companyId: company.id, actorId: operator.user.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(actions.map((row) => row.action)).toEqual(['companySuspended', 'companyRestored']);
    expect(actions[0].data).toEqual({ reason: 'Unpaid since March' });
  });
});

describe('operators: recorded e-mails', () => {
  it("lists every e-mail the outbox recorded, a company's and those of no company such as a password reset", async () => {
    const { company, member, operator } = await arrange();
    await api.db.outboundMessage.createMany({
      data: [
        { companyId: company.id, channel: 'email', recipient: member.user.email, subject: 'Welcome', body: 'Hello' },
        { companyId: company.id, channel: 'sms', recipient: '+4791234567', body: 'Not an e-mail' },
      ],
    });
    const reset = await api.call('PUT', '/api/password/reset', { body: { email: member.user.email } });
    expect(reset.status).toBeLessThan(300);
    const response = await api.call('GET', '/api/operator/emails?pageSize=100', asOperator(operator.token));
    expect(response.status).toBe(200);
    const mine = response.body.items.filter((item: { recipient: string }) => item.recipient === member.user.email);
    expect(
      mine.map((item: { companyName: string | null; channel: string }) => [item.channel, item.companyName]),
    ).toEqual([
      ['email', null],
      ['email', company.name],
    ]);
    expect(response.body.items.every((item: { channel: string }) => item.channel === 'email')).toBe(true);
    expect((await api.call('GET', '/api/operator/emails?page=0', asOperator(operator.token))).status).toBe(400);
  });
});

describe('operators: who is one', () => {
  it('refuses everyone else with 403 and no session with 401, whatever their role in a company', async () => {
    const { company, owner } = await arrange();
    const paths: [string, string, object?][] = [
      ['GET', '/api/operator/companies'],
      ['GET', `/api/operator/companies/${company.id}`],
      ['PUT', `/api/operator/companies/${company.id}`, { plan: 'enterprise' }],
      ['PUT', `/api/operator/companies/${company.id}/suspension`, { reason: 'Because' }],
      ['DELETE', `/api/operator/companies/${company.id}/suspension`],
      ['GET', '/api/operator/settings'],
      [
        'PUT',
        '/api/operator/settings',
        {
          signUpPolicy: 'closed',
          signUpDomains: [],
          newCompanyPlan: 'enterprise',
          newCompanySeats: 5,
          newCompanyFeatures: [],
        },
      ],
    ];
    // An owner, an operator's e-mail not confirmed, an account a company's directory made, one without a password of
    // its own, a device session, a session opened through a company's identity provider.
    const unconfirmed = await createAccount(api.db, { confirmed: false });
    await api.db.user.update({ where: { id: unconfirmed.id }, data: { email: 'second@operators.test' } });
    const refusedSessions = [
      owner.token,
      (await createSession(api.db, { userId: unconfirmed.id, extended: false, now: new Date() })).token,
      (await operatorSession({ kind: 'device' })).token,
      (await operatorSession({ companyId: company.id })).token,
    ];
    for (const token of refusedSessions) {
      for (const [method, path, body] of paths) {
        const response = await api.call(method, path, { token, body });
        expect({ token, method, path, status: response.status, code: response.body.code }).toEqual({
          token,
          method,
          path,
          status: 403,
          code: 'notOperator',
        });
      }
    }
    for (const [method, path, body] of paths) expect((await api.call(method, path, { body })).status).toBe(401);
    expect((await api.db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe('free');

    // The same e-mail on an account a company's directory owns, or without a password, is no operator either.
    const operator = await operatorSession();
    await api.db.user.update({ where: { id: operator.user.id }, data: { directoryCompanyId: company.id } });
    expect((await api.call('GET', '/api/operator/settings', asOperator(operator.token))).status).toBe(403);
    await api.db.user.update({
      where: { id: operator.user.id },
      data: { directoryCompanyId: null, passwordHash: null },
    });
    expect((await api.call('GET', '/api/operator/settings', asOperator(operator.token))).status).toBe(403);
    expect((await api.call('GET', '/api/me', asOperator(operator.token))).body.user.operator).toBe(false);
    await api.db.user.update({ where: { id: operator.user.id }, data: { passwordHash: unconfirmed.passwordHash } });
    expect((await api.call('GET', '/api/operator/settings', asOperator(operator.token))).status).toBe(200);
    expect((await api.call('GET', '/api/me', asOperator(operator.token))).body.user.operator).toBe(true);
    expect((await api.call('GET', '/api/me', { token: owner.token })).body.user.operator).toBe(false);
  });
});

describe('operators: the install settings', () => {
  const signUp = async (email: string) =>
    api.call('POST', '/api/signup', {
      body: {
        companyName: 'Harbour Safety AS',
        name: 'Kari Nordmann',
        email,
        phone: uniquePhone(),
        password: 'a long enough password',
        acceptEula: true,
        captcha: await solveCaptcha(api.url),
      },
    });
  const save = (token: string, body: object) => api.call('PUT', '/api/operator/settings', { token, body });
  const settings = {
    signUpPolicy: 'open',
    signUpDomains: [],
    newCompanyPlan: 'free',
    newCompanySeats: 5,
    newCompanyFeatures: [],
  };

  it('closes sign-up, opens it to e-mail domains, and gives new companies the chosen plan, seats and features', async () => {
    const { operator } = await arrange();
    expect((await api.call('GET', '/api/operator/settings', asOperator(operator.token))).body).toEqual(settings);
    expect((await api.call('GET', '/api/signup/policy')).body).toEqual({ signUpPolicy: 'open', signUpDomains: [] });

    const closed = await save(operator.token, { ...settings, signUpPolicy: 'closed' });
    expect(closed.status).toBe(200);
    expect((await api.call('GET', '/api/signup/policy')).body).toEqual({ signUpPolicy: 'closed', signUpDomains: [] });
    const refused = await signUp(`kari-${Date.now()}@harbour.test`);
    expect(refused).toMatchObject({ status: 403, body: { code: 'signUpClosed' } });
    // A person without a company cannot make one either; an operator can.
    const loner = await createAccount(api.db);
    const { token: lonerToken } = await createSession(api.db, { userId: loner.id, extended: false, now: new Date() });
    const newCompany = (token: string) => api.call('POST', '/api/customer', { token, body: { name: 'Made by hand' } });
    expect((await newCompany(lonerToken)).body.code).toBe('signUpClosed');
    expect((await newCompany(operator.token)).status).toBe(201);

    const domains = await save(operator.token, {
      ...settings,
      signUpPolicy: 'domains',
      signUpDomains: ['Harbour.test', 'harbour.test', 'fjord.example'],
      newCompanyPlan: 'enterprise',
      newCompanySeats: 300,
      newCompanyFeatures: ['mission', 'flicHub'],
    });
    expect(domains.body).toMatchObject({ signUpDomains: ['harbour.test', 'fjord.example'] });
    const elsewhere = await signUp(`kari-${Date.now()}@elsewhere.test`);
    expect(elsewhere).toMatchObject({
      status: 403,
      body: { code: 'signUpDomainRefused', domains: ['harbour.test', 'fjord.example'] },
    });
    const email = `kari-${Date.now()}@Harbour.test`;
    expect((await signUp(email)).status).toBe(201);
    const made = await api.db.company.findFirstOrThrow({
      where: { memberships: { some: { user: { email: email.toLowerCase() } } } },
    });
    expect(made).toMatchObject({ plan: 'enterprise', includedSeats: 300, features: ['mission', 'flicHub'] });
    const audit = await api.db.auditLog.findMany({
      where: { action: 'instanceSettingsChanged', actorId: operator.user.id },
    });
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      companyId: null,
      data: { before: { signUpPolicy: 'closed' }, after: { signUpPolicy: 'domains' } },
    });
    await save(operator.token, settings);
  });

  it('refuses settings that are not whole or not valid with 400', async () => {
    const { operator } = await arrange();
    for (const body of [
      {},
      { ...settings, signUpPolicy: 'domains' },
      { ...settings, signUpPolicy: 'maybe' },
      { ...settings, signUpDomains: ['not a domain'] },
      { ...settings, signUpDomains: ['@harbour.test'] },
      { ...settings, newCompanyPlan: 'gold' },
      { ...settings, newCompanySeats: 0 },
      { ...settings, newCompanyFeatures: ['teleport'] },
      { ...settings, extra: true },
    ]) {
      expect((await save(operator.token, body)).status).toBe(400);
    }
    expect((await api.call('GET', '/api/operator/settings', asOperator(operator.token))).body).toEqual(settings);
  });
});
