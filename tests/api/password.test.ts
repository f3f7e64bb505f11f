import { describe, it, expect } from '@jest/globals';
import { issueAuthToken } from '@/lib/auth/auth-tokens';
import { hashToken } from '@/lib/auth/session-token';
import { RESET_LINK_MS } from '@/lib/password/request-password-reset';
import { createAccount, latestEmail, PASSWORD } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';

const NEW_PASSWORD = 'a brand new passphrase';

describe('PUT /api/password/reset, PUT /api/password/update', () => {
  const api = useApiTestContext();

  const logIn = (email: string, password: string) => api.call('POST', '/api/login', { body: { email, password } });

  it('e-mails a single-use link valid 1 hour; the database holds only its hash', async () => {
    const user = await createAccount(api.db);
    const response = await api.call('PUT', '/api/password/reset', { body: { email: user.email.toUpperCase() } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    const email = await latestEmail(api.db, user.email);
    expect(email?.link).toContain(`${api.url}/resetPassword?token=`);
    const token = email!.token!;
    const [stored] = await api.db.authToken.findMany({ where: { userId: user.id, kind: 'passwordReset' } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(60 * 60_000);
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const response = await api.call('PUT', '/api/password/reset', { body: { email: 'nobody-at-all@example.test' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    expect(await latestEmail(api.db, 'nobody-at-all@example.test')).toBeNull();
    expect((await api.call('PUT', '/api/password/reset', { body: { email: 'nope' } })).body.errors).toEqual([
      'email is not valid',
    ]);
  });

  it('sets a new password by the link once: every session ends, the old password stops working', async () => {
    const user = await createAccount(api.db);
    const session = (await logIn(user.email, PASSWORD)).body.token;
    await api.call('PUT', '/api/password/reset', { body: { email: user.email } });
    const token = (await latestEmail(api.db, user.email))!.token!;

    const short = await api.call('PUT', '/api/password/update', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual(['password must be at least 8 characters']);

    const response = await api.call('PUT', '/api/password/update', { body: { token, password: NEW_PASSWORD } });
    expect(response.status).toBe(200);
    expect((await api.call('GET', '/api/me', { token: session })).status).toBe(440);
    expect((await logIn(user.email, PASSWORD)).status).toBe(401);
    expect((await logIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await latestEmail(api.db, user.email))?.subject).not.toBe('');

    const reused = await api.call('PUT', '/api/password/update', { body: { token, password: 'yet another one' } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('linkExpired');
  });

  it('refuses a link older than 1 hour, and an earlier link once a new one is sent', async () => {
    const user = await createAccount(api.db);
    const old = await issueAuthToken(api.db, {
      userId: user.id,
      kind: 'passwordReset',
      now: new Date(Date.now() - RESET_LINK_MS - 1000),
      validForMs: RESET_LINK_MS,
    });
    const expired = await api.call('PUT', '/api/password/update', { body: { token: old, password: NEW_PASSWORD } });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ code: 'linkExpired', errors: ['This link has expired or has already been used'] });

    await api.call('PUT', '/api/password/reset', { body: { email: user.email } });
    const first = (await latestEmail(api.db, user.email))!.token!;
    await api.call('PUT', '/api/password/reset', { body: { email: user.email } });
    expect(
      (await api.call('PUT', '/api/password/update', { body: { token: first, password: NEW_PASSWORD } })).body.code,
    ).toBe('linkExpired');
    expect(
      (await api.call('PUT', '/api/password/update', { body: { token: 'made-up', password: NEW_PASSWORD } })).body.code,
    ).toBe('linkExpired');
  });

  it('confirms the e-mail of an account that had never confirmed it', async () => {
    const user = await createAccount(api.db, { confirmed: false });
    await api.call('PUT', '/api/password/reset', { body: { email: user.email } });
    const token = (await latestEmail(api.db, user.email))!.token!;
    await api.call('PUT', '/api/password/update', { body: { token, password: NEW_PASSWORD } });
    expect((await logIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('changes the password of a logged-in user with the current one, ending the other sessions', async () => {
    const user = await createAccount(api.db);
    const current = (await logIn(user.email, PASSWORD)).body.token;
    const other = (await logIn(user.email, PASSWORD)).body.token;
    const wrong = await api.call('PUT', '/api/password/update', {
      token: current,
      body: { currentPassword: 'not it at all', password: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrongPassword');

    const ok = await api.call('PUT', '/api/password/update', {
      token: current,
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect((await api.call('GET', '/api/me', { token: current })).status).toBe(200);
    const ended = await api.call('GET', '/api/me', { token: other });
    expect(ended.status).toBe(440);
    expect(ended.body.reason).toBe('passwordChanged');
    expect((await logIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('needs a session for a change by current password, and a link or the current password', async () => {
    const noSession = await api.call('PUT', '/api/password/update', {
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD },
    });
    expect(noSession.status).toBe(401);
    const neither = await api.call('PUT', '/api/password/update', { body: { password: NEW_PASSWORD } });
    expect(neither.status).toBe(400);
    expect(neither.body.errors).toEqual(['token is required']);
    expect(
      (
        await api.call('PUT', '/api/password/update', {
          token: 'unknown',
          body: { currentPassword: PASSWORD, password: NEW_PASSWORD },
        })
      ).status,
    ).toBe(401);
  });
});
