import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { MAX_FAILED_LOGINS } from '@/lib/auth/login-throttle';
import { IMPORT_CHECK_FLOOR, importCheckBudget } from '@/lib/members/take-import-check-budget';
import { THROTTLES } from '@/lib/throttle/take-allowance';
import { createAccount, PASSWORD } from '../helpers/accounts';
import { call, type ApiResponse, type CallOptions } from '../helpers/api-client';
import { useApiTestContext } from '../helpers/api-test-context';
import { printFigures } from '../helpers/figures';
import { createCompany, createMember } from '../helpers/fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { uniquePhone } from '../helpers/phone';

// Throttles by client address (lib/throttle, docs/decisions.md): each route answers 429 with Retry-After past its limit
// from one address while another address goes on. Clients are told apart by the local address of their connection
// (Linux accepts any 127.x.y.z on loopback). The shared server runs with TRUSTED_PROXY_HOPS unset (X-Forwarded-For
// ignored); a second web process on the same database and Redis, with TRUSTED_PROXY_HOPS=1, shows the proxy case and
// that the counts are shared by every web process.

const unique = () => randomBytes(5).toString('hex');

describe('throttling by client address', () => {
  const api = useApiTestContext();
  let proxied: TestServer;
  const figures = { tried: 0, held: 0, failed: 0 };

  beforeAll(async () => {
    proxied = await startTestServer(api.databaseUrl, {
      QUEUE_PREFIX: api.server.queuePrefix,
      TRUSTED_PROXY_HOPS: '1',
    });
  }, 90_000);
  afterAll(async () => {
    await proxied?.stop();
    printFigures('R6', 'throttles by client address', figures);
  });

  const from =
    (localAddress: string) =>
    (method: string, path: string, options: CallOptions = {}) =>
      api.call(method, path, { ...options, localAddress });

  /** One throttled route: 429 with Retry-After (at most the window) and the translated code. */
  function expectThrottled(response: ApiResponse, windowMs: number): void {
    figures.tried += 1;
    const retryAfter = Number(response.headers.get('retry-after'));
    const held = response.status === 429 && response.body.code === 'throttled' && retryAfter > 0;
    figures[held && retryAfter <= windowMs / 1000 ? 'held' : 'failed'] += 1;
    expect(response.status).toBe(429);
    expect(response.body).toEqual({
      code: 'throttled',
      minutesRemaining: Math.ceil(retryAfter / 60),
      errors: [`Too many requests. Wait ${Math.ceil(retryAfter / 60)} minute(s) to try again`],
    });
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  }

  async function inBatches<T>(count: number, size: number, one: (index: number) => Promise<T>): Promise<T[]> {
    const results: T[] = [];
    for (let first = 0; first < count; first += size) {
      const batch = Array.from({ length: Math.min(size, count - first) }, (_, i) => one(first + i));
      results.push(...(await Promise.all(batch)));
    }
    return results;
  }

  it('counts failed logins per address over every account, not successful ones; a throttled address cannot log in', async () => {
    const { limit, windowMs } = THROTTLES.failedLogins;
    const attacker = from('127.0.0.2');
    const user = await createAccount(api.db);
    // Successful logins do not count: the e2e suite and load tests log in hundreds of times from one address.
    for (let i = 0; i < MAX_FAILED_LOGINS + 3; i++) {
      expect((await attacker('POST', '/api/login', { body: { email: user.email, password: PASSWORD } })).status).toBe(
        200,
      );
    }
    // One wrong password on each of `limit` accounts, so the per-account ban never starts.
    const statuses = await inBatches(limit, 10, async (i) => {
      const email = `spray-${i}-${unique()}@example.test`;
      return (await attacker('POST', '/api/login', { body: { email, password: 'Summer2026!' } })).status;
    });
    expect(statuses.every((status) => status === 401)).toBe(true);
    expectThrottled(
      await attacker('POST', '/api/login', { body: { email: `one-more-${unique()}@example.test`, password: 'x' } }),
      windowMs,
    );
    // The right password is refused too from that address, and a forged X-Forwarded-For changes nothing.
    expectThrottled(
      await attacker('POST', '/api/login', { body: { email: user.email, password: PASSWORD } }),
      windowMs,
    );
    expectThrottled(
      await attacker('POST', '/api/login', {
        body: { email: user.email, password: PASSWORD },
        headers: { 'X-Forwarded-For': '203.0.113.50', 'X-Tocsin-Client-Address': '203.0.113.51' },
      }),
      windowMs,
    );
    expect(
      (await from('127.0.0.3')('POST', '/api/login', { body: { email: user.email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('counts wrong one-time codes per address too', async () => {
    const attacker = from('127.0.0.4');
    const user = await createAccount(api.db);
    await api.db.user.update({ where: { id: user.id }, data: { use2FA: true, totpSecret: 'JBSWY3DPEHPK3PXP' } });
    const ticket = async (client: typeof attacker) =>
      (await client('POST', '/api/login', { body: { email: user.email, password: PASSWORD } })).body.loginTicket;
    // Failed logins of other accounts fill the address's window but one, then a wrong code is the last one counted.
    await inBatches(THROTTLES.failedLogins.limit - 1, 10, (i) =>
      attacker('POST', '/api/login', { body: { email: `otp-${i}-${unique()}@example.test`, password: 'wrong one' } }),
    );
    const loginTicket = await ticket(attacker);
    expect(loginTicket).toEqual(expect.any(String));
    const wrong = await attacker('POST', '/api/login/totp', { body: { loginTicket, otp: '000000' } });
    expect(wrong.body.code).toBe('invalidOtp');
    expectThrottled(
      await attacker('POST', '/api/login/totp', { body: { loginTicket, otp: '111111' } }),
      THROTTLES.failedLogins.windowMs,
    );
  });

  it('limits password-reset requests per e-mail typed, answering alike whether or not the account exists', async () => {
    const { limit, windowMs } = THROTTLES.passwordResetsPerEmail;
    const client = from('127.0.0.5');
    const known = (await createAccount(api.db)).email;
    const unknown = `nobody-${unique()}@example.test`;
    for (const email of [known, unknown]) {
      for (let i = 0; i < limit; i++) {
        const response = await client('PUT', '/api/password/reset', { body: { email } });
        expect([response.status, response.body]).toEqual([200, {}]);
      }
      expectThrottled(
        await client('PUT', '/api/password/reset', { body: { email: ` ${email.toUpperCase()}` } }),
        windowMs,
      );
    }
    // The e-mail's window is shared by every address: another address cannot send more links to that person.
    expectThrottled(await from('127.0.0.6')('PUT', '/api/password/reset', { body: { email: known } }), windowMs);
  });

  it('limits password-reset requests per address, over every e-mail', async () => {
    const { limit, windowMs } = THROTTLES.passwordResetsPerAddress;
    const client = from('127.0.0.7');
    const statuses = await inBatches(limit, 10, async (i) => {
      const email = `reset-${i}-${unique()}@example.test`;
      return (await client('PUT', '/api/password/reset', { body: { email } })).status;
    });
    expect(statuses.every((status) => status === 200)).toBe(true);
    const email = `reset-last-${unique()}@example.test`;
    expectThrottled(await client('PUT', '/api/password/reset', { body: { email } }), windowMs);
    expect((await from('127.0.0.8')('PUT', '/api/password/reset', { body: { email } })).status).toBe(200);
  });

  it('limits sending the confirmation again per address over every e-mail, and per e-mail over every address', async () => {
    const perAddress = THROTTLES.confirmationResendsPerAddress;
    const client = from('127.0.0.14');
    const statuses = await inBatches(perAddress.limit, 10, async (i) => {
      const email = `resend-${i}-${unique()}@example.test`;
      return (await client('POST', '/api/signup/resendConfirmation', { body: { email } })).status;
    });
    expect(statuses.every((status) => status === 202)).toBe(true);
    const email = `resend-last-${unique()}@example.test`;
    expectThrottled(await client('POST', '/api/signup/resendConfirmation', { body: { email } }), perAddress.windowMs);
    expect((await from('127.0.0.15')('POST', '/api/signup/resendConfirmation', { body: { email } })).status).toBe(202);

    const perEmail = THROTTLES.confirmationResendsPerEmail;
    const typed = `resend-one-${unique()}@example.test`;
    for (let i = 0; i < perEmail.limit; i++) {
      const other = from(`127.0.1.${i + 1}`);
      expect((await other('POST', '/api/signup/resendConfirmation', { body: { email: typed } })).status).toBe(202);
    }
    expectThrottled(
      await from('127.0.1.99')('POST', '/api/signup/resendConfirmation', { body: { email: typed } }),
      perEmail.windowMs,
    );
  });

  const signUpBody = () => ({
    companyName: 'Throttle Test AS',
    name: 'Kari Nordmann',
    email: `signup-${unique()}@example.test`,
    phone: uniquePhone(),
    password: 'a long enough password',
    acceptEula: true,
  });

  it('limits sign-ups per address, counted before the captcha is checked', async () => {
    const { limit, windowMs } = THROTTLES.signUps;
    const client = from('127.0.0.9');
    const codes = await inBatches(
      limit,
      10,
      async () => (await client('POST', '/api/signup', { body: signUpBody() })).body.code,
    );
    expect(codes.every((code) => code === 'captcha')).toBe(true);
    expectThrottled(await client('POST', '/api/signup', { body: signUpBody() }), windowMs);
    expect((await from('127.0.0.10')('POST', '/api/signup', { body: signUpBody() })).body.code).toBe('captcha');
  });

  it('limits captcha challenges per address', async () => {
    const { limit, windowMs } = THROTTLES.captchaChallenges;
    const client = from('127.0.0.11');
    const statuses = await inBatches(limit, 20, async () => (await client('GET', '/api/signup/captcha')).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expectThrottled(await client('GET', '/api/signup/captcha'), windowMs);
    expect((await from('127.0.0.12')('GET', '/api/signup/captcha')).status).toBe(200);
  });

  it('ignores X-Forwarded-For without trusted proxies, and takes the address one hop back with TRUSTED_PROXY_HOPS=1', async () => {
    const { limit, windowMs } = THROTTLES.signUps;
    const direct = from('127.0.0.13');
    // Each request claims another address: without a trusted proxy they all count for the socket's address.
    await inBatches(limit, 10, (i) =>
      direct('POST', '/api/signup', { body: signUpBody(), headers: { 'X-Forwarded-For': `198.51.100.${i}` } }),
    );
    expectThrottled(
      await direct('POST', '/api/signup', { body: signUpBody(), headers: { 'X-Forwarded-For': '198.51.100.200' } }),
      windowMs,
    );

    // Behind one proxy: the last X-Forwarded-For entry is the client (the ones before it are the client's own words),
    // and IPv6 clients count by /64.
    const viaProxy = (forwardedFor: string) =>
      call(proxied.url, 'POST', '/api/signup', { body: signUpBody(), headers: { 'X-Forwarded-For': forwardedFor } });
    const codes = await inBatches(
      limit,
      10,
      async (i) => (await viaProxy(`10.9.9.${i}, 2001:db8:1:2::${i.toString(16)}`)).body.code,
    );
    expect(codes.every((code) => code === 'captcha')).toBe(true);
    expectThrottled(await viaProxy('2001:db8:1:2:ffff:ffff:ffff:ffff'), windowMs);
    expect((await viaProxy('2001:db8:1:3::1')).body.code).toBe('captcha');
    expect((await viaProxy('198.51.100.7')).body.code).toBe('captcha');
  });

  it('gives the import check a daily budget of distinct addresses per company and per client address, shared by every web process', async () => {
    const free = await createCompany(api.db, { plan: 'free' });
    await api.db.company.update({ where: { id: free.id }, data: { includedSeats: 5 } });
    const freeAdmin = await createMember(api.db, free.id, 'admin');
    const importer = from('127.0.0.14');
    const rows = (count: number, tag = unique()) =>
      Array.from({ length: count }, (_, i) => ({
        name: `Person ${i}`,
        email: `probe-${tag}-${i}@example.test`,
        phone: '',
      }));
    const check = (
      client: typeof importer,
      admin: { token: string },
      companyId: string,
      users: ReturnType<typeof rows>,
    ) => client('PUT', '/api/accounts', { token: admin.token, customerId: companyId, body: { users } });

    // A HyperLogLog counts within about 1% either way: the file fills 90% of the free company's budget, and "a few more"
    // are 20% of it, so neither lands near the edge.
    const file = rows(IMPORT_CHECK_FLOOR * 0.9);
    expect((await check(importer, freeAdmin, free.id, file)).status).toBe(200);
    // The same file again costs nothing; a few new addresses are past the budget.
    expect((await check(importer, freeAdmin, free.id, file.slice(0, 100))).status).toBe(200);
    const fewMore = rows(IMPORT_CHECK_FLOOR * 0.2);
    expectThrottled(await check(importer, freeAdmin, free.id, fewMore), 24 * 60 * 60_000);
    // From another address, the company's budget is spent all the same; and on the other web process too.
    expectThrottled(
      await from('127.0.0.15')('PUT', '/api/accounts', {
        token: freeAdmin.token,
        customerId: free.id,
        body: { users: fewMore },
      }),
      24 * 60 * 60_000,
    );
    expectThrottled(
      await call(proxied.url, 'PUT', '/api/accounts', {
        token: freeAdmin.token,
        customerId: free.id,
        body: { users: fewMore },
      }),
      24 * 60 * 60_000,
    );

    // A second free company from the same client address finds the address's budget spent.
    const second = await createCompany(api.db, { plan: 'free' });
    await api.db.company.update({ where: { id: second.id }, data: { includedSeats: 5 } });
    const secondAdmin = await createMember(api.db, second.id, 'admin');
    expectThrottled(await check(importer, secondAdmin, second.id, rows(IMPORT_CHECK_FLOOR * 0.2)), 24 * 60 * 60_000);
    expect((await check(from('127.0.0.16'), secondAdmin, second.id, rows(10))).status).toBe(200);

    // A company with 1,000 seats checks 1,500 distinct addresses (its budget is 2,000), from the very address whose
    // free-company budget is spent: a paying company spends only its own.
    const big = await createCompany(api.db, { plan: 'enterprise' });
    await api.db.company.update({ where: { id: big.id }, data: { includedSeats: 1000 } });
    expect(importCheckBudget(1000)).toBe(2000);
    const bigAdmin = await createMember(api.db, big.id, 'admin');
    const bigFile = rows(1500);
    const bigClient = importer;
    for (const part of [bigFile.slice(0, 1000), bigFile.slice(1000)]) {
      const response = await check(bigClient, bigAdmin, big.id, part);
      expect(response.status).toBe(200);
      expect(response.body.rows).toHaveLength(part.length);
    }
  });
});
