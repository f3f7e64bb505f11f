import { describe, expect, it } from '@jest/globals';
import { DEVICE_SESSION_IDLE_DAYS, DEVICE_SESSION_LIFETIME_DAYS } from '@/lib/auth/idle-deadline';
import { newTotpSecret } from '@/lib/auth/totp';
import { hashToken } from '@/lib/auth/session-token';
import { createAccount, PASSWORD, totpCode } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany } from '../helpers/fixtures';

// Issue 33: the responder signs in with a device session, long-lived while in use and acting with a member's rights
// only, so a phone left signed in for months never opens the admin side of the console.

const DAY = 24 * 60 * 60_000;
const MINUTE = 60_000;

describe('device sessions (sessionKind: device)', () => {
  const api = useApiTestContext();

  async function ownerOfCompany() {
    const company = await createCompany(api.db);
    const owner = await createAccount(api.db, { companyId: company.id, role: 'owner' });
    return { company, owner };
  }

  const logIn = (email: string, body: Record<string, unknown> = {}) =>
    api.call('POST', '/api/login', { body: { email, password: PASSWORD, ...body } });

  const sessionOf = (token: string) => api.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });

  it('lives 90 days idle and a year at most, and acts with a member’s rights whatever the person’s role', async () => {
    const { company, owner } = await ownerOfCompany();
    const device = await logIn(owner.email, { sessionKind: 'device' });
    expect(device.status).toBe(200);
    expect(device.body.customerId).toBe(company.id);
    const stored = await sessionOf(device.body.token);
    expect(stored.kind).toBe('device');
    expect(stored.absoluteExpiresAt.getTime() - stored.createdAt.getTime()).toBe(DEVICE_SESSION_LIFETIME_DAYS * DAY);
    expect(stored.idleExpiresAt.getTime() - stored.createdAt.getTime()).toBe(DEVICE_SESSION_IDLE_DAYS * DAY);

    // A member's routes answer; the admin side refuses the device session of the company's owner.
    const token = device.body.token;
    const me = await api.call('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.customer).toMatchObject({ customerId: company.id });
    expect(me.body.user.role).toBe('user');
    expect((await api.call('GET', '/api/alerts/mine', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/azureAd/signIn', { token })).status).toBe(403);
    expect((await api.call('PUT', '/api/customer/name', { token, body: { name: 'Taken over' } })).status).toBe(403);

    // The same person's console session keeps their role, and is the spec's 30-minute one.
    const console = await logIn(owner.email);
    expect((await api.call('GET', '/api/azureAd/signIn', { token: console.body.token })).status).toBe(200);
    const consoleSession = await sessionOf(console.body.token);
    expect(consoleSession.kind).toBe('console');
    expect(consoleSession.idleExpiresAt.getTime() - consoleSession.createdAt.getTime()).toBe(30 * MINUTE);
    expect((await api.db.company.findUniqueOrThrow({ where: { id: company.id } })).name).toBe(company.name);
  });

  it('stays a device session when its token is renewed, and slides its idle deadline by 90 days on use', async () => {
    const { owner } = await ownerOfCompany();
    const { body } = await logIn(owner.email, { sessionKind: 'device' });
    const first = await sessionOf(body.token);
    const aWeekAgo = new Date(Date.now() - 7 * DAY);
    await api.db.session.update({ where: { id: first.id }, data: { createdAt: aWeekAgo, lastUsedAt: aWeekAgo } });
    const used = await api.call('GET', '/api/me', { token: body.token });
    expect(used.status).toBe(200);
    const renewed = used.headers.get('x-session-token');
    expect(renewed).toBeTruthy();
    const next = await sessionOf(renewed!);
    expect(next).toMatchObject({ kind: 'device', absoluteExpiresAt: first.absoluteExpiresAt });
    expect(next.idleExpiresAt.getTime() - next.createdAt.getTime()).toBe(DEVICE_SESSION_IDLE_DAYS * DAY);
    expect((await api.call('GET', '/api/azureAd/signIn', { token: renewed! })).status).toBe(403);
  });

  it('ends like any session: 440 once idle for 90 days, once past its year, and on logout', async () => {
    const { owner } = await ownerOfCompany();
    const idle = (await logIn(owner.email, { sessionKind: 'device' })).body.token;
    await api.db.session.update({
      where: { tokenHash: hashToken(idle) },
      data: { idleExpiresAt: new Date(Date.now() - MINUTE) },
    });
    expect(await api.call('GET', '/api/me', { token: idle })).toMatchObject({ status: 440, body: { reason: 'idle' } });

    const old = (await logIn(owner.email, { sessionKind: 'device' })).body.token;
    await api.db.session.update({
      where: { tokenHash: hashToken(old) },
      data: { absoluteExpiresAt: new Date(Date.now() - MINUTE) },
    });
    expect(await api.call('GET', '/api/me', { token: old })).toMatchObject({
      status: 440,
      body: { reason: 'lifetime' },
    });

    const live = (await logIn(owner.email, { sessionKind: 'device' })).body.token;
    expect((await api.call('PUT', '/api/logout', { token: live })).status).toBe(200);
    expect((await api.call('GET', '/api/me', { token: live })).status).toBe(440);
  });

  it('comes out of the one-time-code step of an account with 2FA on', async () => {
    const { owner } = await ownerOfCompany();
    const secret = newTotpSecret();
    await api.db.user.update({ where: { id: owner.id }, data: { use2FA: true, totpSecret: secret } });
    const ticket = await logIn(owner.email, { sessionKind: 'device' });
    expect(ticket.body).toEqual({ totpRequired: true, loginTicket: expect.any(String) });
    const coded = await api.call('POST', '/api/login/totp', {
      body: { loginTicket: ticket.body.loginTicket, otp: await totpCode(secret), sessionKind: 'device' },
    });
    expect(coded.status).toBe(200);
    expect((await sessionOf(coded.body.token)).kind).toBe('device');
    expect((await api.call('GET', '/api/azureAd/signIn', { token: coded.body.token })).status).toBe(403);
  });

  it('refuses a kind it does not know, with a clear message', async () => {
    const { owner } = await ownerOfCompany();
    for (const sessionKind of ['forever', 7, null]) {
      const refused = await logIn(owner.email, { sessionKind });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.errors)).toMatch(/sessionKind/i);
    }
    expect(await api.db.session.count({ where: { userId: owner.id } })).toBe(0);
  });
});
