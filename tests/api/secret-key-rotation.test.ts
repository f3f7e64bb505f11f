import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it, expect, jest } from '@jest/globals';
import { newTotpSecret } from '@/lib/auth/totp';
import { reencryptionReport, reencryptStoredSecrets } from '@/lib/secrets/reencrypt-stored-secrets';
import { keyFromSecret, keyringOf, openSecret, sealSecret, sealedPrefix } from '@/lib/secrets/secret-box';
import { createAccount, PASSWORD, totpCode } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { startFakeEntra, type FakeEntra } from '../helpers/fake-entra';
import { createCompany, createMember } from '../helpers/fixtures';

// A change of SECRET_KEY with the old one as SECRET_KEY_PREVIOUS (docs/self-hosting.md#secret-key): secrets stored
// under the old key keep working and are encrypted again with the new one, when read and by the pass that runs after
// the migrations (lib/secrets/reencrypt-stored-secrets.ts). The server of this file runs mid-rotation; the other API
// tests run without SECRET_KEY_PREVIOUS, as an installation does outside a rotation.

const OLD = randomBytes(32).toString('hex');
const NEW = randomBytes(32).toString('hex');
const rotating = keyringOf(NEW, OLD);
const underOld = (value: string, purpose: 'totp' | 'microsoft-client-secret') =>
  sealSecret(value, purpose, keyringOf(OLD));
const isUnderNew = (stored: string | null) => stored?.startsWith(sealedPrefix(keyFromSecret(NEW))) ?? false;

/** What `action` writes to stderr (the logger's errors), kept from the test's output. */
async function stderrOf<T>(action: () => Promise<T>): Promise<{ value: T; logged: string[] }> {
  const logged: string[] = [];
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((line) => {
    logged.push(String(line));
    return true;
  });
  try {
    return { value: await action(), logged };
  } finally {
    stderr.mockRestore();
  }
}

let entra: FakeEntra;
beforeAll(async () => {
  entra = await startFakeEntra();
});
afterAll(async () => {
  await entra.stop();
});

describe('a SECRET_KEY rotation', () => {
  const api = useApiTestContext(() => ({
    SECRET_KEY: NEW,
    SECRET_KEY_PREVIOUS: OLD,
    MICROSOFT_AUTHORITY_URL: entra.url,
  }));

  const logIn = async (email: string) =>
    (await api.call('POST', '/api/login', { body: { email, password: PASSWORD } })).body;

  it('encrypts every stored secret with the new key after the migrations, leaving what no key opens', async () => {
    const plain = await createAccount(api.db);
    const previous = await createAccount(api.db);
    const current = await createAccount(api.db);
    const lost = await createAccount(api.db);
    const company = await createCompany(api.db);
    const secrets = {
      plain: newTotpSecret(),
      pending: newTotpSecret(),
      previous: newTotpSecret(),
      current: newTotpSecret(),
    };
    const foreign = sealSecret('lost', 'totp', keyringOf(randomBytes(32).toString('hex')));
    const currentStored = sealSecret(secrets.current, 'totp', rotating);
    await api.db.user.update({ where: { id: plain.id }, data: { totpSecret: secrets.plain } });
    await api.db.user.update({
      where: { id: previous.id },
      data: { totpSecret: underOld(secrets.previous, 'totp'), totpPendingSecret: underOld(secrets.pending, 'totp') },
    });
    await api.db.user.update({ where: { id: current.id }, data: { totpSecret: currentStored } });
    await api.db.user.update({ where: { id: lost.id }, data: { totpSecret: foreign } });
    await api.db.microsoftSignIn.create({
      data: { companyId: company.id, clientSecret: underOld('client~secret', 'microsoft-client-secret') },
    });

    const { value: result, logged } = await stderrOf(() => reencryptStoredSecrets(api.db, rotating));
    expect(result).toEqual({ fromPlaintext: 1, fromPrevious: 3, unreadable: 1 });
    // The operator is told which value cannot be read, where, and why.
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({
      level: 'error',
      column: 'User.totpSecret',
      id: lost.id,
      reason: 'unknownKey',
      message: expect.stringContaining('neither SECRET_KEY nor SECRET_KEY_PREVIOUS'),
    });
    const report = reencryptionReport(result, rotating).join('\n');
    expect(report).toContain('Encrypted 1 stored secret(s) kept in plain text');
    expect(report).toContain('Encrypted 3 stored secret(s) again, from SECRET_KEY_PREVIOUS to SECRET_KEY');
    expect(report).toContain('1 stored secret(s) cannot be decrypted');

    const users = await api.db.user.findMany({ where: { id: { in: [plain.id, previous.id, current.id, lost.id] } } });
    const byId = new Map(users.map((user) => [user.id, user]));
    const opened = (stored: string | null | undefined) => openSecret(stored ?? '', 'totp', keyringOf(NEW)).value;
    expect(opened(byId.get(plain.id)?.totpSecret)).toBe(secrets.plain);
    expect(opened(byId.get(previous.id)?.totpSecret)).toBe(secrets.previous);
    expect(opened(byId.get(previous.id)?.totpPendingSecret)).toBe(secrets.pending);
    expect(byId.get(current.id)?.totpSecret).toBe(currentStored);
    expect(byId.get(lost.id)?.totpSecret).toBe(foreign);
    const app = await api.db.microsoftSignIn.findUniqueOrThrow({ where: { companyId: company.id } });
    expect(isUnderNew(app.clientSecret)).toBe(true);
    expect(openSecret(app.clientSecret ?? '', 'microsoft-client-secret', keyringOf(NEW)).value).toBe('client~secret');

    // Nothing is left to do: a second pass changes nothing, and says SECRET_KEY_PREVIOUS may go.
    const { value: again } = await stderrOf(() => reencryptStoredSecrets(api.db, rotating));
    expect(again).toEqual({ fromPlaintext: 0, fromPrevious: 0, unreadable: 1 });
    expect(reencryptionReport({ fromPlaintext: 0, fromPrevious: 0, unreadable: 0 }, rotating)).toEqual([
      expect.stringContaining('No stored secret is encrypted with SECRET_KEY_PREVIOUS any more'),
    ]);
    expect(reencryptionReport({ fromPlaintext: 0, fromPrevious: 0, unreadable: 0 }, keyringOf(NEW))).toEqual([]);
    await api.db.user.update({ where: { id: lost.id }, data: { totpSecret: null } });
  });

  it('logs in with a TOTP secret stored under the previous key, and stores it under the new one', async () => {
    const user = await createAccount(api.db);
    const secret = newTotpSecret();
    await api.db.user.update({ where: { id: user.id }, data: { use2FA: true, totpSecret: underOld(secret, 'totp') } });
    const { loginTicket } = await logIn(user.email);
    const ok = await api.call('POST', '/api/login/totp', { body: { loginTicket, otp: await totpCode(secret) } });
    expect(ok.status).toBe(200);
    const stored = (await api.db.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret;
    expect(isUnderNew(stored)).toBe(true);
    expect(openSecret(stored ?? '', 'totp', keyringOf(NEW)).value).toBe(secret);
  });

  it('turns 2FA on with a pending secret stored under the previous key', async () => {
    const user = await createAccount(api.db);
    const { token } = await logIn(user.email);
    const secret = newTotpSecret();
    await api.db.user.update({ where: { id: user.id }, data: { totpPendingSecret: underOld(secret, 'totp') } });
    const on = await api.call('POST', '/api/me/otp/totp-secret', { token, body: { otp: await totpCode(secret) } });
    expect(on).toMatchObject({ status: 200, body: { use2FA: true } });
    const stored = await api.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.totpPendingSecret).toBeNull();
    expect(isUnderNew(stored.totpSecret)).toBe(true);
    expect(openSecret(stored.totpSecret ?? '', 'totp', keyringOf(NEW)).value).toBe(secret);
  });

  it('starts a sign-in with Microsoft with a client secret stored under the previous key, stored anew', async () => {
    const company = await createCompany(api.db);
    const member = await createMember(api.db, company.id, 'user');
    const app = { tenantId: randomUUID(), clientId: randomUUID(), clientSecret: `secret~${randomUUID()}` };
    entra.register({ ...app, redirectUri: `${api.url}/login/microsoft` });
    await api.db.microsoftSignIn.create({
      data: {
        companyId: company.id,
        enabled: true,
        ...app,
        clientSecret: underOld(app.clientSecret, 'microsoft-client-secret'),
      },
    });
    const started = await api.call('POST', '/api/login/microsoft', { body: { email: member.user.email } });
    expect(started.status).toBe(200);
    expect(new URL(started.body.url).pathname).toBe(`/${app.tenantId}/oauth2/v2.0/authorize`);
    const stored = (await api.db.microsoftSignIn.findUniqueOrThrow({ where: { companyId: company.id } })).clientSecret;
    expect(isUnderNew(stored)).toBe(true);
    expect(openSecret(stored ?? '', 'microsoft-client-secret', keyringOf(NEW)).value).toBe(app.clientSecret);
  });
});
