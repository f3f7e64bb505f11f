import { describe, it, expect } from '@jest/globals';
import { hashToken } from '@/lib/auth/session-token';
import { latestEmail, solveCaptcha } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';

const PASSWORD = 'a long enough password';
let counter = 0;

describe('POST /api/signup, POST /api/signup/activate', () => {
  const api = useApiTestContext();

  async function signUpBody(overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
      companyName: 'Fjord Rescue AS',
      name: 'Kari Nordmann',
      email: `kari-${Date.now()}-${counter}@example.test`,
      phone: `+47 9${String((Date.now() * 10 + counter) % 1e7).padStart(7, '0')}`,
      password: PASSWORD,
      acceptEula: true,
      captcha: await solveCaptcha(api.url),
      locale: 'no-nb',
      ...overrides,
    };
  }

  it('serves a signed proof-of-work challenge', async () => {
    const response = await api.call('GET', '/api/signup/captcha');
    expect(response.status).toBe(200);
    expect(response.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: expect.any(Number) });
    expect(response.body.signature).toEqual(expect.any(String));
    expect((await api.call('GET', '/api/signup/dialCodes')).body.dialCodes).toEqual(
      expect.arrayContaining(['+47', '+46', '+45', '+34']),
    );
  });

  it('creates a waiting company and owner, e-mails a confirmation link in their language, and activates both once', async () => {
    const body = await signUpBody();
    const response = await api.call('POST', '/api/signup', { body });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ email: body.email });

    const user = await api.db.user.findUniqueOrThrow({
      where: { email: body.email },
      include: { memberships: { include: { company: true } } },
    });
    expect(user).toMatchObject({
      name: 'Kari Nordmann',
      locale: 'no-nb',
      emailConfirmedAt: null,
      phone: body.phone.replace(/\s/g, ''),
    });
    expect(user.memberships).toHaveLength(1);
    expect(user.memberships[0]).toMatchObject({
      role: 'owner',
      company: { name: 'Fjord Rescue AS', plan: 'free', activatedAt: null },
    });
    expect((await api.call('POST', '/api/login', { body: { email: body.email, password: PASSWORD } })).body.code).toBe(
      'emailNotConfirmed',
    );

    const email = (await latestEmail(api.db, body.email))!;
    expect(email.link).toContain(`${api.url}/confirmAdmin?token=`);
    expect(email.body).toContain('Fjord Rescue AS');
    const stored = await api.db.authToken.findFirstOrThrow({ where: { userId: user.id, kind: 'emailConfirm' } });
    expect(stored.tokenHash).toBe(hashToken(email.token!));

    const activated = await api.call('POST', '/api/signup/activate', { body: { token: email.token } });
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual({
      email: body.email,
      customerId: user.memberships[0].companyId,
      customerName: 'Fjord Rescue AS',
    });
    expect(
      (await api.db.company.findUniqueOrThrow({ where: { id: user.memberships[0].companyId } })).activatedAt,
    ).not.toBeNull();
    const login = await api.call('POST', '/api/login', { body: { email: body.email, password: PASSWORD } });
    expect(login.body).toEqual({ token: expect.any(String), customerId: user.memberships[0].companyId });

    const again = await api.call('POST', '/api/signup/activate', { body: { token: email.token } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('linkExpired');
    expect((await api.call('POST', '/api/signup/activate', { body: {} })).body.errors).toEqual(['token is required']);
  });

  it('refuses a sign-up without a solved captcha, or with one already used ("Are you a Robot?")', async () => {
    const missing = await api.call('POST', '/api/signup', { body: await signUpBody({ captcha: undefined }) });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('captcha');
    const forged = await api.call('POST', '/api/signup', {
      body: await signUpBody({ captcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') }),
    });
    expect(forged.body.code).toBe('captcha');

    const body = await signUpBody();
    expect((await api.call('POST', '/api/signup', { body })).status).toBe(201);
    const replay = await api.call('POST', '/api/signup', { body: { ...(await signUpBody()), captcha: body.captcha } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('captcha');
  });

  it('refuses an e-mail or a phone number already registered to another user', async () => {
    const body = await signUpBody();
    await api.call('POST', '/api/signup', { body });
    const sameEmail = await api.call('POST', '/api/signup', {
      body: await signUpBody({ email: body.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({
      code: 'userExists',
      errors: ['A user with this e-mail or phone number already exists'],
    });
    const samePhone = await api.call('POST', '/api/signup', { body: await signUpBody({ phone: body.phone }) });
    expect(samePhone.status).toBe(409);
    expect(
      await api.db.company.count({
        where: { name: 'Fjord Rescue AS', memberships: { some: { user: { email: body.email } } } },
      }),
    ).toBe(1);
  });

  it('refuses a dial code the product does not send to', async () => {
    const response = await api.call('POST', '/api/signup', { body: await signUpBody({ phone: '+7 912 345-67-89' }) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'dialCode', errors: ['The dial code +7 is not allowed'] });
  });

  it('needs the end user agreement accepted', async () => {
    const response = await api.call('POST', '/api/signup', { body: await signUpBody({ acceptEula: false }) });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('eula');
  });

  it.each([
    [{ companyName: 'AB' }, 'companyName must be at least 3 characters'],
    [{ name: '' }, 'name is required'],
    [{ email: 'kari@' }, 'email is not valid'],
    [{ phone: '12345' }, 'phone is not valid'],
    [{ phone: '+47 123' }, 'phone is not valid'],
    [{ password: 'short' }, 'password must be at least 8 characters'],
    [{ acceptEula: undefined }, 'acceptEula is required'],
    [{ locale: 'fr-fr' }, 'locale is not valid'],
  ])('answers 400 for %j', async (override, message) => {
    const response = await api.call('POST', '/api/signup', { body: await signUpBody(override) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });
});
