import { describe, it, expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import { MAX_FAILED_LOGINS } from '@/lib/auth/login-throttle';
import { newTotpSecret } from '@/lib/auth/totp';
import { createAccount, PASSWORD, totpCode } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany } from '../helpers/fixtures';

const HOUR = 60 * 60_000;

describe('POST /api/login, PUT /api/logout', () => {
  const api = useApiTestContext();

  it('logs in with e-mail and password: a new opaque token, stored only as its SHA-256, and the first company', async () => {
    const company = await createCompany(api.db);
    const user = await createAccount(api.db, { companyId: company.id });
    const response = await api.call('POST', '/api/login', {
      body: { email: `  ${user.email.toUpperCase()} `, password: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), customerId: company.id });
    const token: string = response.body.token;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const sessions = await api.db.session.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect(sessions[0].absoluteExpiresAt.getTime() - sessions[0].idleExpiresAt.getTime()).toBeGreaterThan(10 * HOUR);

    const again = await api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } });
    expect(again.body.token).not.toBe(token);
    expect((await api.call('GET', '/api/me', { token })).status).toBe(200);
  });

  it('keeps an extended login for 12 hours without an idle deadline', async () => {
    const user = await createAccount(api.db);
    const response = await api.call('POST', '/api/login', {
      body: { email: user.email, password: PASSWORD, extendedLogin: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.customerId).toBeNull();
    const [session] = await api.db.session.findMany({ where: { userId: user.id } });
    expect(session.extended).toBe(true);
    expect(session.absoluteExpiresAt.getTime() - session.createdAt.getTime()).toBe(12 * HOUR);
    expect(session.idleExpiresAt).toEqual(session.absoluteExpiresAt);
  });

  it('answers a wrong password and an unknown e-mail exactly alike', async () => {
    const user = await createAccount(api.db);
    const wrong = await api.call('POST', '/api/login', { body: { email: user.email, password: 'not the password' } });
    const unknown = await api.call('POST', '/api/login', {
      body: { email: 'nobody-here@example.test', password: 'not the password' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        code: 'invalidCredentials',
        errors: ['Could not log in. Is your email and password correct?'],
      });
    }
  });

  it.each([
    [{ password: PASSWORD }, 'email is required'],
    [{ email: 'not-an-email', password: PASSWORD }, 'email is not valid'],
    [{ email: 'a@example.test' }, 'password is required'],
    [{ email: 'a@example.test', password: PASSWORD, extendedLogin: 'yes' }, 'extendedLogin is not valid'],
  ])('answers 400 for %j', async (body, message) => {
    const response = await api.call('POST', '/api/login', { body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });

  it('bans an account after repeated failures, with the minutes remaining, even for the right password', async () => {
    const user = await createAccount(api.db);
    for (let attempt = 1; attempt < MAX_FAILED_LOGINS; attempt++) {
      expect(
        (await api.call('POST', '/api/login', { body: { email: user.email, password: `wrong ${attempt}` } })).status,
      ).toBe(401);
    }
    const banned = await api.call('POST', '/api/login', { body: { email: user.email, password: 'wrong again' } });
    expect(banned.status).toBe(429);
    expect(banned.body).toEqual({
      code: 'loginBanned',
      minutesRemaining: 15,
      errors: ['Too many failed login attempts. Wait 15 minute(s) to try again'],
    });
    const right = await api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('900');
    // The ban is per account: another account logs in from the same address.
    const other = await createAccount(api.db);
    expect((await api.call('POST', '/api/login', { body: { email: other.email, password: PASSWORD } })).status).toBe(
      200,
    );
  });

  it('bans an unknown e-mail the same way, so a ban does not reveal that an account exists', async () => {
    const email = `ghost-${Date.now()}@example.test`;
    const statuses = [];
    for (let attempt = 0; attempt <= MAX_FAILED_LOGINS; attempt++) {
      statuses.push((await api.call('POST', '/api/login', { body: { email, password: 'whatever it is' } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('does not count the right password of an account whose e-mail is not confirmed yet as a failure', async () => {
    const unconfirmed = await createAccount(api.db, { confirmed: false });
    for (let attempt = 0; attempt <= MAX_FAILED_LOGINS; attempt++) {
      const response = await api.call('POST', '/api/login', { body: { email: unconfirmed.email, password: PASSWORD } });
      expect(response.status).toBe(403);
    }
  });

  it('refuses an account whose e-mail is not confirmed yet, only once the password is right', async () => {
    const user = await createAccount(api.db, { confirmed: false });
    expect(
      (await api.call('POST', '/api/login', { body: { email: user.email, password: 'wrong password' } })).status,
    ).toBe(401);
    const response = await api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('emailNotConfirmed');
  });

  it('refuses an account a directory made while the directory has it deactivated, by password and by one-time code', async () => {
    const company = await createCompany(api.db);
    const user = await createAccount(api.db, { companyId: company.id });
    await api.db.user.update({ where: { id: user.id }, data: { directoryCompanyId: company.id } });
    const membership = { companyId_userId: { companyId: company.id, userId: user.id } };
    const logIn = () => api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } });

    const active = await logIn();
    expect(active.status).toBe(200);
    expect(active.body.customerId).toBe(company.id);

    await api.db.membership.update({ where: membership, data: { deletedAt: new Date() } });
    for (let attempt = 0; attempt <= MAX_FAILED_LOGINS; attempt++) {
      const refused = await logIn();
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'accountDeactivated',
        errors: ['Your account has been deactivated by your company. Ask your administrator'],
      });
    }
    expect((await api.call('POST', '/api/login', { body: { email: user.email, password: 'wrong' } })).status).toBe(401);

    // A one-time-code ticket taken while active does not open a session once the directory deactivated the account.
    const secret = newTotpSecret();
    await api.db.user.update({ where: { id: user.id }, data: { use2FA: true, totpSecret: secret } });
    await api.db.membership.update({ where: membership, data: { deletedAt: null } });
    const ticket = (await logIn()).body.loginTicket;
    expect(ticket).toEqual(expect.any(String));
    await api.db.membership.update({ where: membership, data: { deletedAt: new Date() } });
    const second = await api.call('POST', '/api/login/totp', {
      body: { loginTicket: ticket, otp: await totpCode(secret) },
    });
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('accountDeactivated');
    expect(await api.db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('lets a person whose own account has no company left log in (to the no-company screen)', async () => {
    const company = await createCompany(api.db);
    const user = await createAccount(api.db, { companyId: company.id });
    await api.db.membership.updateMany({ where: { userId: user.id }, data: { deletedAt: new Date() } });
    const response = await api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body.customerId).toBeNull();
  });

  it('logs out: the token then answers 440, other sessions go on', async () => {
    const user = await createAccount(api.db);
    const first = (await api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } })).body
      .token;
    const second = (await api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } })).body
      .token;
    const response = await api.call('PUT', '/api/logout', { token: first });
    expect(response.status).toBe(200);
    expect((await api.call('GET', '/api/me', { token: first })).status).toBe(440);
    expect((await api.call('PUT', '/api/logout', { token: first })).status).toBe(440);
    expect((await api.call('GET', '/api/me', { token: second })).status).toBe(200);
  });

  it('answers 401 to a logout without a session or with an unknown token', async () => {
    expect((await api.call('PUT', '/api/logout')).status).toBe(401);
    expect((await api.call('PUT', '/api/logout', { token: 'made-up-token' })).status).toBe(401);
  });
});
