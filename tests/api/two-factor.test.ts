import { randomBytes } from 'node:crypto';
import { describe, it, expect } from '@jest/globals';
import { createSession } from '@/lib/auth/create-session';
import { newTotpSecret } from '@/lib/auth/totp';
import { keyringOf, sealSecret } from '@/lib/secrets/secret-box';
import { createAccount, PASSWORD, totpCode } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';

describe('two-factor login: /api/me/otp/totp-secret, /api/me/otp, /api/login/totp', () => {
  const api = useApiTestContext();

  async function logIn(email: string) {
    return (await api.call('POST', '/api/login', { body: { email, password: PASSWORD } })).body;
  }

  /** A user with 2FA on, the secret, and a session that survived the change. */
  async function userWithTwoFactor() {
    const user = await createAccount(api.db);
    const { token } = await logIn(user.email);
    const { body: setup } = await api.call('GET', '/api/me/otp/totp-secret', { token });
    const enabled = await api.call('POST', '/api/me/otp/totp-secret', {
      token,
      body: { otp: await totpCode(setup.secret) },
    });
    expect(enabled.body).toEqual({ use2FA: true });
    return { user, token, secret: setup.secret as string };
  }

  it('shows a new secret as text, otpauth URL and QR code, without turning 2FA on', async () => {
    const user = await createAccount(api.db);
    const { token } = await logIn(user.email);
    const response = await api.call('GET', '/api/me/otp/totp-secret', { token });
    expect(response.status).toBe(200);
    expect(response.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(response.body.otpauthUrl).toContain(`secret=${response.body.secret}`);
    expect(response.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const stored = await api.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject({
      use2FA: false,
      totpSecret: null,
      totpPendingSecret: expect.stringMatching(/^enc:v1:/),
    });
    expect(stored.totpPendingSecret).not.toContain(response.body.secret);
  });

  it('stores the secret encrypted: the database never holds it in plain text', async () => {
    const { user, secret } = await userWithTwoFactor();
    const stored = await api.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject({
      use2FA: true,
      totpSecret: expect.stringMatching(/^enc:v1:/),
      totpPendingSecret: null,
    });
    expect(stored.totpSecret).not.toContain(secret);
    const everySecret = await api.db.user.findMany({ select: { totpSecret: true, totpPendingSecret: true } });
    expect(JSON.stringify(everySecret)).not.toContain(secret);
  });

  it('logs in with a secret stored in plain text before encryption, and stores it encrypted then', async () => {
    const user = await createAccount(api.db);
    const secret = newTotpSecret();
    await api.db.user.update({ where: { id: user.id }, data: { use2FA: true, totpSecret: secret } });
    const first = await logIn(user.email);
    const ok = await api.call('POST', '/api/login/totp', {
      body: { loginTicket: first.loginTicket, otp: await totpCode(secret) },
    });
    expect(ok.status).toBe(200);
    const stored = (await api.db.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret;
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(secret);
    // Read again from the encrypted value: the next code works.
    const second = await logIn(user.email);
    const next = await api.call('POST', '/api/login/totp', {
      body: { loginTicket: second.loginTicket, otp: await totpCode(secret, 1) },
    });
    expect(next.status).toBe(200);
  });

  it('refuses every code, without turning 2FA off or banning, when no key decrypts the stored secret', async () => {
    const user = await createAccount(api.db);
    const secret = newTotpSecret();
    // Encrypted with another SECRET_KEY than the server's (say, the key was changed without SECRET_KEY_PREVIOUS).
    const foreign = sealSecret(secret, 'totp', keyringOf(randomBytes(32).toString('hex')));
    await api.db.user.update({ where: { id: user.id }, data: { use2FA: true, totpSecret: foreign } });
    const { loginTicket } = await logIn(user.email);
    expect(loginTicket).toEqual(expect.any(String));
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      answers.push(await api.call('POST', '/api/login/totp', { body: { loginTicket, otp: await totpCode(secret) } }));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'invalidOtp', errors: ['Could not log in. Is your one-time code correct?'] });
    }
    const { token } = await createSession(api.db, { userId: user.id, extended: false, now: new Date() });
    const off = await api.call('PUT', '/api/me/otp', { token, body: { use2FA: false, otp: await totpCode(secret) } });
    expect(off).toMatchObject({ status: 400, body: { code: 'invalidOtp' } });
    expect(await api.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      use2FA: true,
      totpSecret: foreign,
    });
    expect(await logIn(user.email)).toEqual({ totpRequired: true, loginTicket: expect.any(String) });
  });

  it('turns 2FA on only with a right code, and then ends the other sessions', async () => {
    const user = await createAccount(api.db);
    const { token } = await logIn(user.email);
    const { token: otherSession } = await logIn(user.email);
    const { body: setup } = await api.call('GET', '/api/me/otp/totp-secret', { token });

    const wrong = await api.call('POST', '/api/me/otp/totp-secret', { token, body: { otp: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalidOtp');
    expect((await api.call('POST', '/api/me/otp/totp-secret', { token, body: {} })).body.errors).toEqual([
      'otp is required',
    ]);

    const right = await api.call('POST', '/api/me/otp/totp-secret', {
      token,
      body: { otp: await totpCode(setup.secret) },
    });
    expect(right.status).toBe(200);
    expect((await api.call('GET', '/api/me', { token })).body.user.use2FA).toBe(true);
    expect((await api.call('GET', '/api/me', { token: otherSession })).status).toBe(440);
  });

  it('asks for the one-time code after the password, and accepts each code only once', async () => {
    const { user, secret } = await userWithTwoFactor();
    const first = await logIn(user.email);
    expect(first).toEqual({ totpRequired: true, loginTicket: expect.any(String) });
    expect(first.token).toBeUndefined();

    // The code of the current step was used to turn 2FA on: the next step's code is the one to use now.
    const code = await totpCode(secret, 1);
    const ok = await api.call('POST', '/api/login/totp', { body: { loginTicket: first.loginTicket, otp: code } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ token: expect.any(String), customerId: null });
    expect((await api.call('GET', '/api/me', { token: ok.body.token })).status).toBe(200);

    const second = await logIn(user.email);
    const replay = await api.call('POST', '/api/login/totp', { body: { loginTicket: second.loginTicket, otp: code } });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ code: 'invalidOtp', errors: ['Could not log in. Is your one-time code correct?'] });
    const stale = await api.call('POST', '/api/login/totp', {
      body: { loginTicket: second.loginTicket, otp: await totpCode(secret) },
    });
    expect(stale.status).toBe(401);
  });

  it('refuses a used, unknown or expired login ticket', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { loginTicket } = await logIn(user.email);
    expect(
      (await api.call('POST', '/api/login/totp', { body: { loginTicket, otp: await totpCode(secret, 1) } })).status,
    ).toBe(200);
    const used = await api.call('POST', '/api/login/totp', { body: { loginTicket, otp: await totpCode(secret, -1) } });
    expect(used.status).toBe(401);
    expect(used.body.code).toBe('loginTicketExpired');
    expect(
      (await api.call('POST', '/api/login/totp', { body: { loginTicket: 'made-up', otp: '123456' } })).body.code,
    ).toBe('loginTicketExpired');

    const late = await logIn(user.email);
    await api.db.authToken.updateMany({
      where: { userId: user.id, kind: 'loginTotp', usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(
      (await api.call('POST', '/api/login/totp', { body: { loginTicket: late.loginTicket, otp: '123456' } })).body.code,
    ).toBe('loginTicketExpired');
    expect(
      (await api.call('POST', '/api/login/totp', { body: { loginTicket: late.loginTicket } })).body.errors,
    ).toEqual(['otp is required']);
  });

  it('counts wrong codes towards the login ban', async () => {
    const { user } = await userWithTwoFactor();
    const { loginTicket } = await logIn(user.email);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await api.call('POST', '/api/login/totp', { body: { loginTicket, otp: '000000' } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('turns 2FA off with a current code (PUT /api/me/otp), ending the other sessions', async () => {
    const { user, token, secret } = await userWithTwoFactor();
    const { token: other } = await createSession(api.db, { userId: user.id, extended: false, now: new Date() });

    expect((await api.call('PUT', '/api/me/otp', { token, body: { use2FA: false, otp: '000000' } })).body.code).toBe(
      'invalidOtp',
    );
    expect(
      (await api.call('PUT', '/api/me/otp', { token, body: { use2FA: 'no', otp: '000000' } })).body.errors,
    ).toEqual(['use2FA is not valid']);
    const off = await api.call('PUT', '/api/me/otp', {
      token,
      body: { use2FA: false, otp: await totpCode(secret, 1) },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ use2FA: false });
    const ended = await api.call('GET', '/api/me', { token: other });
    expect(ended.status).toBe(440);
    expect(ended.body.reason).toBe('twoFactorChanged');
    expect(await logIn(user.email)).toEqual({ token: expect.any(String), customerId: null });
    expect((await api.db.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret).toBeNull();
  });

  it('refuses a new set-up while 2FA is on', async () => {
    const { token } = await userWithTwoFactor();
    const response = await api.call('GET', '/api/me/otp/totp-secret', { token });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('twoFactorOn');
  });

  it('answers 401 without a session', async () => {
    expect((await api.call('GET', '/api/me/otp/totp-secret')).status).toBe(401);
    expect((await api.call('POST', '/api/me/otp/totp-secret', { body: { otp: '123456' } })).status).toBe(401);
    expect((await api.call('PUT', '/api/me/otp', { body: { use2FA: true, otp: '123456' } })).status).toBe(401);
  });
});
