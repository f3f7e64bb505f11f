import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startAppServer, type AppServer } from '@/scripts/lib/app-server';
import { PASSWORD, latestEmail, solveCaptcha } from '../helpers/accounts';
import { call } from '../helpers/api-client';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp';
import { uniquePhone } from '../helpers/phone';
import { createCompany, createMember } from '../helpers/fixtures';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { testEnv } from '../helpers/test-env';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

// Issue 35: on a fresh install without SMTP_URL nobody receives e-mail, so the web process prints each e-mail the outbox
// records (recipient, subject, links) in its log, which `npm start` shows in the terminal. With SMTP, the links are
// secrets: nothing is printed.

/** Resolves once `server` printed `text` (the test's own timeout bounds the wait). */
async function printed(server: AppServer, text: string): Promise<void> {
  while (!server.output().includes(text)) await new Promise((resolve) => setTimeout(resolve, 50));
}

let database: TestDatabase;
let smtp: FakeSmtp;
let plain: AppServer;
let mailing: AppServer;
let worker: TestWorker;
let workerOutput = '';
let counter = 0;
const REAL_PUBLIC_URL = 'https://alerts.example.test';

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  const start = (extraEnv: Record<string, string>) =>
    startAppServer({
      databaseUrl: database.url,
      redisUrl: testEnv('TEST_REDIS_URL'),
      extraEnv,
      recordOutput: true,
    });
  // `plain` as `npm start` runs it by default: no SMTP_URL.
  // `mailing` as a real install: a mail server, and an https PUBLIC_URL on a domain (requests still go to its port).
  [plain, mailing] = await Promise.all([start({}), start({ SMTP_URL: smtp.url(), PUBLIC_URL: REAL_PUBLIC_URL })]);
  worker = await startTestWorker({
    ...process.env,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: mailing.queuePrefix,
    PUBLIC_URL: REAL_PUBLIC_URL,
    SMTP_URL: smtp.url(),
  });
  worker.process.stdout?.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
  worker.process.stderr?.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await Promise.all([plain?.stop(), mailing?.stop()]);
  await smtp?.stop();
  await database?.drop();
});

async function signUp(url: string) {
  counter += 1;
  const email = `fresh-${Date.now()}-${counter}@example.test`;
  const response = await call(url, 'POST', '/api/signup', {
    body: {
      companyName: 'Fresh Install AS',
      name: 'Frida Fresh',
      email,
      phone: uniquePhone(),
      password: PASSWORD,
      acceptEula: true,
      captcha: await solveCaptcha(url),
      locale: 'en-us',
    },
  });
  expect(response.status).toBe(201);
  return email;
}

/** The first link in the newest raw SMTP message to `to` (quoted-printable soft breaks undone). */
function linkInMail(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /https?:\/\/[^\s"<>]+token=[A-Za-z0-9_%-]+/.exec(body)![0];
}

describe('e-mails in the terminal without SMTP_URL', () => {
  it('prints the sign-up confirmation and a password reset with their links, as recorded in the outbox', async () => {
    const email = await signUp(plain.url);
    const confirmation = (await latestEmail(database.db, email))!;
    expect(confirmation.link).toContain('/confirmAdmin?token=');
    await printed(plain, confirmation.link!);
    const line = plain
      .output()
      .split('\n')
      .find((l) => l.includes(confirmation.link!))!;
    expect(line).toContain('"level":"warn"');
    expect(line).toContain(`to ${email}`);
    expect(line).toContain(confirmation.subject!);

    // A reset e-mail belongs to no company's outbox: the terminal is where a fresh install's operator finds it.
    expect((await call(plain.url, 'PUT', '/api/password/reset', { body: { email } })).status).toBe(200);
    const reset = (await latestEmail(database.db, email))!;
    expect(reset.link).toContain('/resetPassword?token=');
    expect(reset.companyId).toBeNull();
    await printed(plain, reset.link!);

    // The printed link works: it confirms the sign-up.
    const token = new URL(confirmation.link!).searchParams.get('token');
    expect((await call(plain.url, 'POST', '/api/signup/activate', { body: { token } })).status).toBe(200);
  });

  it('says at start that e-mails are not sent, and that its loopback PUBLIC_URL reaches no other device', () => {
    const start = plain.output();
    expect(start).toContain('SMTP_URL is not set: e-mails are not sent');
    expect(start).toContain(`PUBLIC_URL is ${plain.url}, this computer only`);
    expect(start).toContain('Set PUBLIC_URL to the address people and devices use, e.g. https://alerts.example.com');
    // With SMTP and an https PUBLIC_URL on a domain, neither line.
    expect(mailing.output()).not.toContain('SMTP_URL is not set');
    expect(mailing.output()).not.toContain('PUBLIC_URL is');
  });
});

describe('addresses for outside systems', () => {
  it('carry their problem in the answers the screens warn from: loopback, or none on an https domain', async () => {
    for (const [server, problem] of [
      [plain, 'loopback'],
      [mailing, null],
    ] as const) {
      const company = await createCompany(database.db, { features: ['scenario', 'flicHub'] });
      const admin = await createMember(database.db, company.id, 'admin');
      const options = { token: admin.token, customerId: company.id };
      const pairing = await call(server.url, 'GET', '/api/iotDevices/code', options);
      expect(pairing.status).toBe(200);
      expect(pairing.body.publicUrlProblem).toBe(problem);
      const microsoft = await call(server.url, 'GET', '/api/azureAd/signIn', options);
      expect(microsoft.status).toBe(200);
      expect(microsoft.body.publicUrlProblem).toBe(problem);
    }
    expect((await call(mailing.url, 'GET', '/api/azureAd/signIn', {})).status).toBe(401);
  });
});

describe('e-mails with SMTP_URL', () => {
  it('prints neither the message nor its link (the link is a secret), in the web process or the worker', async () => {
    const email = await signUp(mailing.url);
    expect((await call(mailing.url, 'PUT', '/api/password/reset', { body: { email } })).status).toBe(200);
    // The worker sends the two in either order (two jobs, side by side).
    const links = (await smtp.waitForMessages(email, 2, 30_000)).map((message) => linkInMail(message.raw));
    expect(links.filter((link) => link.includes('/confirmAdmin?token='))).toHaveLength(1);
    expect(links.filter((link) => link.includes('/resetPassword?token='))).toHaveLength(1);
    expect(await database.db.outboundMessage.count({ where: { recipient: email } })).toBe(0);
    for (const output of [mailing.output(), workerOutput]) {
      for (const link of links) expect(output).not.toContain(new URL(link).searchParams.get('token'));
      expect(output).not.toContain(email);
      expect(output).not.toContain('E-mail not sent');
    }
  });
});
