import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, it, expect } from '@jest/globals';
import { createSession } from '@/lib/auth/create-session';
import { hashToken } from '@/lib/auth/session-token';
import { keyringOf, sealSecret } from '@/lib/secrets/secret-box';
import { totpCode } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { startFakeEntra, type FakeEntra } from '../helpers/fake-entra';
import { createCompany, createMember } from '../helpers/fixtures';

// Sign in with Microsoft (issue 20): the settings (GET/PUT /api/azureAd/signIn) and the whole OpenID Connect code flow
// (POST /api/login/microsoft → Entra's authorize page → POST /api/login/microsoft/callback) against a local provider
// in the shape of Entra's (tests/helpers/fake-entra.ts), through real HTTP.

let entra: FakeEntra;
beforeAll(async () => {
  entra = await startFakeEntra();
});
afterAll(async () => {
  await entra.stop();
});

describe('sign in with Microsoft', () => {
  const api = useApiTestContext(() => ({ MICROSOFT_AUTHORITY_URL: entra.url }));

  beforeEach(() => {
    entra.tamper = {};
  });

  /** A company with sign-in with Microsoft on, its app registered at the fake Entra, an admin and a member. */
  async function companyWithSignIn(options: { enabled?: boolean; storedSecret?: string } = {}) {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id, 'user', 'Mats Member');
    const app = { tenantId: randomUUID(), clientId: randomUUID(), clientSecret: `secret~${randomUUID()}` };
    entra.register({ ...app, redirectUri: `${api.url}/login/microsoft` });
    await api.db.microsoftSignIn.create({
      data: {
        companyId: company.id,
        enabled: options.enabled ?? true,
        ...app,
        clientSecret: options.storedSecret ?? app.clientSecret,
      },
    });
    return { company, admin, member, app };
  }

  /** Start, then sign in at Entra's authorize page as `entraEmail`: what Entra sends back to the redirect URI. */
  async function throughEntra(email: string, entraEmail = email) {
    const started = await api.call('POST', '/api/login/microsoft', { body: { email } });
    expect(started.status).toBe(200);
    const authorize = new URL(started.body.url);
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    const form = new URLSearchParams(authorize.searchParams);
    form.set('login_email', entraEmail);
    form.set('login_name', 'Mats Member');
    form.set('decision', 'accept');
    const back = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(back.status).toBe(302);
    const returned = new URL(back.headers.get('location') ?? '');
    expect(`${returned.origin}${returned.pathname}`).toBe(`${api.url}/login/microsoft`);
    return {
      authorize,
      answer: { code: returned.searchParams.get('code') ?? '', state: returned.searchParams.get('state') ?? '' },
    };
  }

  const finish = (answer: { code: string; state: string }, sessionKind?: 'console' | 'device') =>
    api.call('POST', '/api/login/microsoft/callback', { body: { ...answer, sessionKind } });

  describe('settings', () => {
    it('saves the tenant, app and secret, never shows the secret back, and records the change', async () => {
      const company = await createCompany(api.db);
      const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
      const empty = await api.call('GET', '/api/azureAd/signIn', { token: admin.token });
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({
        enabled: false,
        tenantId: null,
        clientId: null,
        clientSecretSet: false,
        redirectUri: `${api.url}/login/microsoft`,
        // The test server's PUBLIC_URL is http://127.0.0.1:<port>: the card warns that Entra cannot use it.
        publicUrlProblem: 'loopback',
      });
      const tenantId = randomUUID().toUpperCase();
      const clientId = randomUUID();
      const secret = 'Qx8~very.secret-value_123';
      const saved = await api.call('PUT', '/api/azureAd/signIn', {
        token: admin.token,
        body: { enabled: true, tenantId: ` ${tenantId} `, clientId, clientSecret: secret },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        enabled: true,
        tenantId: tenantId.toLowerCase(),
        clientId,
        clientSecretSet: true,
      });
      const read = await api.call('GET', '/api/azureAd/signIn', { token: admin.token });
      expect(read.body).toEqual(saved.body);
      for (const answer of [saved, read]) expect(JSON.stringify(answer.body)).not.toContain(secret);
      // Stored encrypted (lib/secrets): the database never holds the secret itself.
      const storedSecret = async () =>
        (await api.db.microsoftSignIn.findUniqueOrThrow({ where: { companyId: company.id } })).clientSecret;
      const encrypted = await storedSecret();
      expect(encrypted).toMatch(/^enc:v1:/);
      expect(encrypted).not.toContain(secret);
      // Left out, the stored secret is kept; "" removes it (and then sign-in cannot stay on).
      const kept = await api.call('PUT', '/api/azureAd/signIn', {
        token: admin.token,
        body: { enabled: false, tenantId, clientId },
      });
      expect(kept.body.clientSecretSet).toBe(true);
      expect(await storedSecret()).toMatch(/^enc:v1:/);
      const removed = await api.call('PUT', '/api/azureAd/signIn', {
        token: admin.token,
        body: { enabled: false, tenantId, clientId, clientSecret: '' },
      });
      expect(removed.body.clientSecretSet).toBe(false);
      const audits = await api.db.auditLog.findMany({
        where: { companyId: company.id, action: 'microsoftSignIn.changed', actorId: admin.user.id },
        orderBy: { createdAt: 'asc' },
      });
      expect(audits.map((audit) => (audit.data as { clientSecretChanged: boolean }).clientSecretChanged)).toEqual([
        true,
        false,
        true,
      ]);
      expect(JSON.stringify(audits)).not.toContain(secret);
    });

    it('refuses bad input with clear messages', async () => {
      const company = await createCompany(api.db);
      const admin = await createMember(api.db, company.id, 'admin');
      const guid = randomUUID();
      const refusals = [
        { enabled: true, tenantId: 'contoso.onmicrosoft.com', clientId: guid, clientSecret: 's' },
        { enabled: true, tenantId: guid, clientId: '1234', clientSecret: 's' },
        { enabled: true, tenantId: null, clientId: guid, clientSecret: 's' },
        { enabled: 'yes', tenantId: guid, clientId: guid },
        { tenantId: guid, clientId: guid },
        { enabled: false, tenantId: guid, clientId: guid, clientSecret: 'x'.repeat(501) },
      ];
      for (const body of refusals) {
        const answer = await api.call('PUT', '/api/azureAd/signIn', { token: admin.token, body });
        expect(answer.status).toBe(400);
        expect(answer.body.errors.length).toBeGreaterThan(0);
      }
      const notGuid = await api.call('PUT', '/api/azureAd/signIn', { token: admin.token, body: refusals[0] });
      expect(notGuid.body.errors.join(' ')).toContain('tenantId must be a GUID');
      const noSecret = await api.call('PUT', '/api/azureAd/signIn', {
        token: admin.token,
        body: { enabled: true, tenantId: guid, clientId: guid },
      });
      expect(noSecret).toMatchObject({ status: 400, body: { code: 'clientSecretMissing' } });
      expect(await api.db.microsoftSignIn.count({ where: { companyId: company.id } })).toBe(0);
    });

    it('is for admins of the company only: 403 for a member or another company, 401 without a session', async () => {
      const { company, member } = await companyWithSignIn();
      const other = await createCompany(api.db);
      const otherAdmin = await createMember(api.db, other.id, 'admin');
      const body = { enabled: false, tenantId: randomUUID(), clientId: randomUUID() };
      expect((await api.call('GET', '/api/azureAd/signIn', { token: member.token })).status).toBe(403);
      expect((await api.call('PUT', '/api/azureAd/signIn', { token: member.token, body })).status).toBe(403);
      const asOtherAdmin = { token: otherAdmin.token, customerId: company.id };
      expect((await api.call('GET', '/api/azureAd/signIn', asOtherAdmin)).status).toBe(403);
      expect((await api.call('PUT', '/api/azureAd/signIn', { ...asOtherAdmin, body })).status).toBe(403);
      expect((await api.call('GET', '/api/azureAd/signIn')).status).toBe(401);
      expect((await api.call('PUT', '/api/azureAd/signIn', { body })).status).toBe(401);
      expect((await api.db.microsoftSignIn.findUniqueOrThrow({ where: { companyId: company.id } })).enabled).toBe(true);
      expect((await api.call('GET', '/api/azureAd/signIn', { token: otherAdmin.token })).body.enabled).toBe(false);
    });
  });

  describe('the sign-in', () => {
    it('goes to the company tenant with PKCE, state and nonce, and ends in a working session of that member', async () => {
      const { company, member, app } = await companyWithSignIn();
      const { authorize, answer } = await throughEntra(member.user.email.toUpperCase());
      expect(authorize.pathname).toBe(`/${app.tenantId}/oauth2/v2.0/authorize`);
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
        client_id: app.clientId,
        redirect_uri: `${api.url}/login/microsoft`,
        response_type: 'code',
        code_challenge_method: 'S256',
        scope: 'openid profile email',
        login_hint: member.user.email,
      });
      for (const name of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(name)).toBeTruthy();

      const finished = await finish(answer);
      expect(finished.status).toBe(200);
      expect(finished.body.customerId).toBe(company.id);
      // The secret was stored in plain text, as before encryption: read as it is, and now stored encrypted.
      const stored = await api.db.microsoftSignIn.findUniqueOrThrow({ where: { companyId: company.id } });
      expect(stored.clientSecret).toMatch(/^enc:v1:/);
      expect(stored.clientSecret).not.toContain(app.clientSecret);
      const me = await api.call('GET', '/api/me', { token: finished.body.token, customerId: company.id });
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ id: member.user.id, email: member.user.email });
      const audit = await api.db.auditLog.findFirstOrThrow({
        where: { companyId: company.id, action: 'login', actorId: member.user.id },
      });
      expect(audit.data).toMatchObject({ method: 'microsoft', tenantId: app.tenantId });

      // The state is single-use: the same answer again is refused, and the code is not exchanged twice.
      const replayed = await finish(answer);
      expect(replayed).toMatchObject({ status: 400, body: { code: 'microsoftSignInExpired' } });
      expect((await finish({ code: answer.code, state: 'made-up-state' })).body.code).toBe('microsoftSignInExpired');
    });

    it('answers an e-mail without access exactly like one whose company has it off: the neutral note', async () => {
      const { member } = await companyWithSignIn({ enabled: false });
      const unknown = await api.call('POST', '/api/login/microsoft', { body: { email: 'nobody@example.test' } });
      const disabled = await api.call('POST', '/api/login/microsoft', { body: { email: member.user.email } });
      expect(unknown).toMatchObject({ status: 200, body: { url: '/login?microsoftSignIn=unavailable' } });
      expect(disabled.status).toBe(unknown.status);
      expect(disabled.body).toEqual(unknown.body);
      expect((await api.call('POST', '/api/login/microsoft', { body: { email: 'not an e-mail' } })).status).toBe(400);
    });

    it('refuses a token whose tid is another tenant', async () => {
      const { member } = await companyWithSignIn();
      const { answer } = await throughEntra(member.user.email);
      entra.tamper = { tenantId: randomUUID() };
      expect(await finish(answer)).toMatchObject({ status: 403, body: { code: 'microsoftWrongTenant' } });
    });

    it('refuses a token with another nonce, or signed by a key not in the JWKS', async () => {
      const { member } = await companyWithSignIn();
      for (const tamper of [{ nonce: 'another-nonce' }, { foreignKey: true }]) {
        const { answer } = await throughEntra(member.user.email);
        entra.tamper = tamper;
        expect(await finish(answer)).toMatchObject({ status: 401, body: { code: 'microsoftSignInFailed' } });
        entra.tamper = {};
      }
    });

    it('refuses when the stored client secret is wrong (Entra refuses the code exchange)', async () => {
      const { member } = await companyWithSignIn({ storedSecret: 'an old secret' });
      const { answer } = await throughEntra(member.user.email);
      expect(await finish(answer)).toMatchObject({ status: 401, body: { code: 'microsoftSignInFailed' } });
      expect(entra.refusals).toContain('AADSTS7000215');
    });

    it('signs in with a secret entered in the settings, which the database holds encrypted only', async () => {
      const { company, admin, member, app } = await companyWithSignIn({ storedSecret: 'an old secret' });
      const saved = await api.call('PUT', '/api/azureAd/signIn', {
        token: admin.token,
        body: { enabled: true, tenantId: app.tenantId, clientId: app.clientId, clientSecret: app.clientSecret },
      });
      expect(saved.status).toBe(200);
      const stored = await api.db.microsoftSignIn.findUniqueOrThrow({ where: { companyId: company.id } });
      expect(stored.clientSecret).toMatch(/^enc:v1:/);
      expect(stored.clientSecret).not.toContain(app.clientSecret);
      const { answer } = await throughEntra(member.user.email);
      expect(await finish(answer)).toMatchObject({ status: 200, body: { customerId: company.id } });
    });

    it('treats a stored secret no key decrypts as sign-in off, keeps it, and works again with a new one', async () => {
      // Encrypted with another SECRET_KEY than the server's (say, the key was changed without SECRET_KEY_PREVIOUS).
      const foreign = sealSecret(
        'the lost secret',
        'microsoft-client-secret',
        keyringOf(randomBytes(32).toString('hex')),
      );
      const { company, admin, member, app } = await companyWithSignIn({ storedSecret: foreign });
      const started = await api.call('POST', '/api/login/microsoft', { body: { email: member.user.email } });
      expect(started).toMatchObject({ status: 200, body: { url: '/login?microsoftSignIn=unavailable' } });
      const settings = await api.call('GET', '/api/azureAd/signIn', { token: admin.token });
      expect(settings.body).toMatchObject({ enabled: true, clientSecretSet: true });
      const row = () => api.db.microsoftSignIn.findUniqueOrThrow({ where: { companyId: company.id } });
      expect((await row()).clientSecret).toBe(foreign);
      // Saving the other settings keeps it as it is (the old key may come back as SECRET_KEY_PREVIOUS).
      const others = { enabled: true, tenantId: app.tenantId, clientId: app.clientId };
      expect((await api.call('PUT', '/api/azureAd/signIn', { token: admin.token, body: others })).status).toBe(200);
      expect((await row()).clientSecret).toBe(foreign);
      // The admin enters the secret again: sign-in works.
      const body = { ...others, clientSecret: app.clientSecret };
      expect((await api.call('PUT', '/api/azureAd/signIn', { token: admin.token, body })).status).toBe(200);
      const { answer } = await throughEntra(member.user.email);
      expect(await finish(answer)).toMatchObject({ status: 200, body: { customerId: company.id } });
    });

    it('refuses an e-mail that is no member of that company, or whose membership was deleted', async () => {
      const { company, member } = await companyWithSignIn();
      const stranger = await createMember(api.db, (await createCompany(api.db)).id);
      const unknown = await throughEntra(member.user.email, 'someone.else@example.test');
      expect(await finish(unknown.answer)).toMatchObject({ status: 403, body: { code: 'microsoftNotMember' } });
      // A member of another company who signs in at this company's tenant gets nothing here either.
      const elsewhere = await throughEntra(member.user.email, stranger.user.email);
      expect(await finish(elsewhere.answer)).toMatchObject({ status: 403, body: { code: 'microsoftNotMember' } });
      const started = await throughEntra(member.user.email);
      await api.db.membership.updateMany({
        where: { companyId: company.id, userId: member.user.id },
        data: { deletedAt: new Date() },
      });
      expect(await finish(started.answer)).toMatchObject({ status: 403, body: { code: 'microsoftNotMember' } });
    });

    it('refuses an e-mail Microsoft does not say is verified (no xms_edov)', async () => {
      const { member } = await companyWithSignIn();
      const { answer } = await throughEntra(member.user.email);
      entra.tamper = { emailDomainVerified: false };
      expect(await finish(answer)).toMatchObject({ status: 403, body: { code: 'microsoftEmailUnverified' } });
    });

    it('refuses when sign-in was turned off meanwhile', async () => {
      const { company, member } = await companyWithSignIn();
      const { answer } = await throughEntra(member.user.email);
      await api.db.microsoftSignIn.update({ where: { companyId: company.id }, data: { enabled: false } });
      expect(await finish(answer)).toMatchObject({ status: 403, body: { code: 'microsoftSignInDisabled' } });
    });

    it('keeps an account banned for failed password logins out until the ban ends', async () => {
      const { member } = await companyWithSignIn();
      const { answer } = await throughEntra(member.user.email);
      for (let attempt = 0; attempt < 6; attempt++)
        await api.call('POST', '/api/login', { body: { email: member.user.email, password: 'wrong password' } });
      expect(await finish(answer)).toMatchObject({ status: 429, body: { code: 'loginBanned' } });
    });

    it('lets a person of two companies in through the first one, with a session of that company only', async () => {
      const first = await companyWithSignIn();
      const second = await companyWithSignIn();
      const person = first.member.user;
      await api.db.membership.create({ data: { companyId: second.company.id, userId: person.id } });
      const { authorize, answer } = await throughEntra(person.email);
      expect(authorize.pathname).toBe(`/${first.app.tenantId}/oauth2/v2.0/authorize`);
      const finished = await finish(answer);
      expect(finished.body.customerId).toBe(first.company.id);
      const token = finished.body.token;
      // The first company's tenant vouches for the first company only: the second is not opened by this session.
      const alerts = (customerId: string, sessionToken = token) =>
        api.call('GET', '/api/alerts/mine', { token: sessionToken, customerId });
      expect((await alerts(first.company.id)).status).toBe(200);
      expect((await alerts(second.company.id)).status).toBe(403);
      const me = await api.call('GET', '/api/me', { token, customerId: second.company.id });
      expect(me.body.customer.customerId).toBe(first.company.id);
      expect(me.body.customers.map((one: { customerId: string }) => one.customerId)).toEqual([first.company.id]);
      // Renewed, the session stays bound to its company.
      await api.db.session.updateMany({
        where: { userId: person.id, revokedAt: null },
        data: { createdAt: new Date(Date.now() - 24 * 3600_000) },
      });
      const renewing = await alerts(first.company.id);
      const renewed = renewing.headers.get('x-session-token');
      expect(renewed).toBeTruthy();
      expect((await alerts(second.company.id, renewed!)).status).toBe(403);
      // A password login opens both, as before.
      const everywhere = await createSession(api.db, { userId: person.id, extended: false, now: new Date() });
      expect((await alerts(second.company.id, everywhere.token)).status).toBe(200);
      // With the first company's sign-in off, the second one's tenant is where the person goes.
      await api.db.microsoftSignIn.update({ where: { companyId: first.company.id }, data: { enabled: false } });
      const again = await throughEntra(person.email);
      expect(again.authorize.pathname).toBe(`/${second.app.tenantId}/oauth2/v2.0/authorize`);
      expect((await finish(again.answer)).body.customerId).toBe(second.company.id);
    });

    it('opens a device session, with a member’s rights, when the sign-in started at the responder', async () => {
      const { company, admin } = await companyWithSignIn();
      const { answer } = await throughEntra(admin.user.email);
      const finished = await finish(answer, 'device');
      expect(finished.status).toBe(200);
      const stored = await api.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(finished.body.token) } });
      expect(stored).toMatchObject({ kind: 'device', companyId: company.id });
      expect((await api.call('GET', '/api/alerts/mine', { token: finished.body.token })).status).toBe(200);
      expect((await api.call('GET', '/api/azureAd/signIn', { token: finished.body.token })).status).toBe(403);
    });

    it('asks for the product’s one-time code where the person turned 2FA on, then opens that company only', async () => {
      const first = await companyWithSignIn();
      const second = await companyWithSignIn();
      const person = first.member;
      await api.db.membership.create({ data: { companyId: second.company.id, userId: person.user.id } });
      const { body: setup } = await api.call('GET', '/api/me/otp/totp-secret', { token: person.token });
      const enabled = await api.call('POST', '/api/me/otp/totp-secret', {
        token: person.token,
        body: { otp: await totpCode(setup.secret) },
      });
      expect(enabled.status).toBe(200);
      const { answer } = await throughEntra(person.user.email);
      const finished = await finish(answer);
      expect(finished.status).toBe(200);
      expect(finished.body).toEqual({ totpRequired: true, loginTicket: expect.any(String) });
      const wrong = await api.call('POST', '/api/login/totp', {
        body: { loginTicket: finished.body.loginTicket, otp: '000000' },
      });
      expect(wrong.status).toBe(401);
      const coded = await api.call('POST', '/api/login/totp', {
        body: { loginTicket: finished.body.loginTicket, otp: await totpCode(setup.secret, 1) },
      });
      expect(coded.status).toBe(200);
      expect(coded.body.customerId).toBe(first.company.id);
      const alerts = (customerId: string) =>
        api.call('GET', '/api/alerts/mine', { token: coded.body.token, customerId });
      expect((await alerts(first.company.id)).status).toBe(200);
      expect((await alerts(second.company.id)).status).toBe(403);
    });
  });
});
