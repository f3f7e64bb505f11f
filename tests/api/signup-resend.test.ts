import { describe, it, expect } from '@jest/globals';
import { createAccount, latestEmail, solveCaptcha } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { uniquePhone } from '../helpers/phone';

const PASSWORD = 'a long enough password';
const HOUR_MS = 60 * 60_000;
let counter = 0;

describe('POST /api/signup/resendConfirmation', () => {
  const api = useApiTestContext();

  async function signUp() {
    counter += 1;
    const email = `waiting-${Date.now()}-${counter}@example.test`;
    const response = await api.call('POST', '/api/signup', {
      body: {
        companyName: 'Fjord Rescue AS',
        name: 'Kari Nordmann',
        email,
        phone: uniquePhone(),
        password: PASSWORD,
        acceptEula: true,
        captcha: await solveCaptcha(api.url),
        locale: 'sv-se',
      },
    });
    expect(response.status).toBe(201);
    return email;
  }

  const resend = (email: unknown) => api.call('POST', '/api/signup/resendConfirmation', { body: { email } });
  const emailsTo = (email: string) => api.db.outboundMessage.count({ where: { channel: 'email', recipient: email } });

  it('e-mails a new link to a waiting sign-up: it confirms the account, the earlier link stops working', async () => {
    const email = await signUp();
    const first = (await latestEmail(api.db, email))!;

    const response = await resend(email.toUpperCase());
    expect(response.status).toBe(202);
    expect(response.body).toEqual({});
    expect(await emailsTo(email)).toBe(2);
    const second = (await latestEmail(api.db, email))!;
    expect(second.token).not.toBe(first.token);
    expect(second.link).toContain(`${api.url}/confirmAdmin?token=`);
    expect(second.subject).toBe(first.subject);
    expect(second.companyId).toBe(first.companyId);

    // Valid until the sign-up's own deadline (48 hours after it), when the waiting sign-up is removed: not longer.
    const user = await api.db.user.findUniqueOrThrow({ where: { email } });
    const tokens = await api.db.authToken.findMany({ where: { userId: user.id, kind: 'emailConfirm' } });
    const unused = tokens.filter((token) => !token.usedAt);
    expect(unused).toHaveLength(1);
    expect(unused[0].expiresAt.getTime()).toBe(user.createdAt.getTime() + 48 * HOUR_MS);

    const old = await api.call('POST', '/api/signup/activate', { body: { token: first.token } });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('linkExpired');
    const activated = await api.call('POST', '/api/signup/activate', { body: { token: second.token } });
    expect(activated.status).toBe(200);
    const login = await api.call('POST', '/api/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);

    // Confirmed now: the same answer, and nothing more is sent.
    expect(await resend(email)).toMatchObject({ status: 202, body: {} });
    expect(await emailsTo(email)).toBe(2);
  });

  it('answers the same for an unknown e-mail and for a confirmed account, and sends nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.test`;
    expect(await resend(unknown)).toMatchObject({ status: 202, body: {} });
    expect(await emailsTo(unknown)).toBe(0);

    const confirmed = await createAccount(api.db);
    expect(await resend(confirmed.email)).toMatchObject({ status: 202, body: {} });
    expect(await emailsTo(confirmed.email)).toBe(0);

    // A person added to a company, unconfirmed (waiting to choose a password): not a sign-up, nothing sent.
    const company = await api.db.company.create({ data: { name: 'Other AS', plan: 'free', activatedAt: new Date() } });
    const member = await createAccount(api.db, { companyId: company.id, confirmed: false });
    expect(await resend(member.email)).toMatchObject({ status: 202, body: {} });
    expect(await emailsTo(member.email)).toBe(0);
  });

  it('sends nothing once the sign-up has expired (it is about to be removed)', async () => {
    const email = await signUp();
    await api.db.user.update({ where: { email }, data: { createdAt: new Date(Date.now() - 49 * HOUR_MS) } });
    expect(await resend(email)).toMatchObject({ status: 202, body: {} });
    expect(await emailsTo(email)).toBe(1);
  });

  it('is throttled per e-mail typed: the fourth request in an hour is refused with the minutes to wait', async () => {
    const email = await signUp();
    for (let i = 0; i < 3; i += 1) expect((await resend(email)).status).toBe(202);
    const refused = await resend(` ${email.toUpperCase()} `);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'throttled', minutesRemaining: expect.any(Number) });
    expect(refused.body.minutesRemaining).toBeGreaterThan(0);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await emailsTo(email)).toBe(4);
    // An unknown e-mail is throttled the same way: the refusal says nothing about the account either.
    const unknown = `nobody-${Date.now()}-throttled@example.test`;
    for (let i = 0; i < 3; i += 1) expect((await resend(unknown)).status).toBe(202);
    expect((await resend(unknown)).status).toBe(429);
  });

  it.each([
    [{}, 'email is required'],
    [{ email: 'kari@' }, 'email is not valid'],
    [{ email: 42 }, 'email is not valid'],
  ])('refuses %j with 400', async (body, message) => {
    const response = await api.call('POST', '/api/signup/resendConfirmation', { body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });
});
