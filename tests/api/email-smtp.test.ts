import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { Job, Queue } from 'bullmq';
import { startFakeSmtp, mailHeader, type FakeSmtp } from '../helpers/fake-smtp';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { settledJob } from '../helpers/queued-jobs';
import { testEnv } from '../helpers/test-env';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

// E-mail through SMTP: sendEmail (in this process) queues, the real worker process delivers to a fake relay.
// lib/env reads the environment once, when first imported: the code under test is imported after it is set.
type Modules = {
  sendEmail: typeof import('@/lib/providers/email/send-email').sendEmail;
  composeEmail: typeof import('@/lib/email/compose-email').composeEmail;
  emailJobId: typeof import('@/lib/queue').emailJobId;
  runJob: typeof import('@/jobs/job-registry').runJob;
  queue: Queue;
  disconnectRedis: () => Promise<void>;
};

let database: TestDatabase;
let smtp: FakeSmtp;
let worker: TestWorker;
let m: Modules;
const savedEnv = { ...process.env };

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: `email-${randomBytes(4).toString('hex')}`,
    SMTP_URL: smtp.url({ user: 'mailer', pass: 's3cret' }),
    MAIL_FROM: 'Tocsin Test <alerts@tocsin.test>',
  };
  Object.assign(process.env, env);
  const queues = await import('@/lib/queue');
  const redis = await import('@/lib/redis');
  m = {
    sendEmail: (await import('@/lib/providers/email/send-email')).sendEmail,
    composeEmail: (await import('@/lib/email/compose-email')).composeEmail,
    emailJobId: (await import('@/lib/queue')).emailJobId,
    runJob: (await import('@/jobs/job-registry')).runJob,
    queue: queues.emailQueue(redis.redis()),
    disconnectRedis: redis.disconnectRedis,
  };
  worker = await startTestWorker({ ...process.env, ...env });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await m?.queue.close();
  await m?.disconnectRedis();
  await smtp?.stop();
  await database?.drop();
  process.env = savedEnv;
});

const message = (to: string, subject = `Test ${randomBytes(3).toString('hex')}`) => ({
  to,
  subject,
  text: `Plain text of ${subject}`,
  html: `<p>HTML of ${subject}</p>`,
});

const settled = (jobId: string) => settledJob(m.queue, jobId);

describe('e-mail through SMTP', () => {
  it('delivers a message once, from MAIL_FROM, with its subject, text and HTML, logged in with the URL credentials', async () => {
    const sent = message('ada@example.test', 'Reset your Tocsin password');
    await m.sendEmail(sent);
    const [mail] = await smtp.waitForMessages('ada@example.test', 1);
    expect(await settled(m.emailJobId(sent))).toBeUndefined();
    expect(smtp.messages.filter((x) => x.to.includes('ada@example.test'))).toHaveLength(1);
    expect(mail.from).toBe('alerts@tocsin.test');
    expect(mail.user).toBe('mailer');
    expect(mailHeader(mail.raw, 'Subject')).toBe('Reset your Tocsin password');
    expect(mailHeader(mail.raw, 'To')).toBe('ada@example.test');
    expect(mailHeader(mail.raw, 'From')).toBe('Tocsin Test <alerts@tocsin.test>');
    expect(mail.raw).toContain('Plain text of Reset your Tocsin password');
    expect(mail.raw).toContain('<p>HTML of Reset your Tocsin password</p>');
  });

  it('sends the responder’s QR code as an inline picture of the HTML (Content-ID), beside the text and HTML', async () => {
    const composed = await m.composeEmail('appDownloadReminder', 'en-us', {
      name: 'Ingrid Solberg',
      companyName: 'Fjord Rescue',
      inviterName: 'Ada Admin',
      links: [{ key: 'responder', url: 'https://tocsin.example/r' }],
      qrCodeOf: 'https://tocsin.example/r',
    });
    await m.sendEmail({ ...composed, to: 'ingrid@example.test' });
    const [mail] = await smtp.waitForMessages('ingrid@example.test', 1);
    const [image] = composed.images;
    expect(mail.raw).toMatch(/Content-Type: multipart\/related/);
    expect(mail.raw).toContain(`Content-ID: <${image.cid}>`);
    expect(mail.raw).toMatch(/Content-Disposition: inline; filename=tocsin-qr-code\.png/);
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(image.contentBase64.slice(0, 60));
    expect(mail.raw).toContain(`cid:${image.cid}`);
  });

  it('sets Reply-To when the message has one (a sales request is answered to the admin who asked)', async () => {
    const sent = { ...message('sales@example.test', 'Sales request from Fjord Rescue'), replyTo: 'ada@example.test' };
    await m.sendEmail(sent);
    const [mail] = await smtp.waitForMessages('sales@example.test', 1);
    expect(await settled(m.emailJobId(sent))).toBeUndefined();
    expect(mailHeader(mail.raw, 'Reply-To')).toBe('ada@example.test');
    expect(mailHeader(mail.raw, 'From')).toBe('Tocsin Test <alerts@tocsin.test>');
    // Without one, no Reply-To header at all.
    const plain = message('plain@example.test');
    await m.sendEmail(plain);
    const [plainMail] = await smtp.waitForMessages('plain@example.test', 1);
    expect(mailHeader(plainMail.raw, 'Reply-To')).toBeNull();
  });

  it('retries after a temporary refusal (451) and then delivers once', async () => {
    const sent = message('bob@example.test');
    const attemptsBefore = smtp.attempts();
    smtp.refuseNext(1);
    await m.sendEmail(sent);
    await smtp.waitForMessages('bob@example.test', 1, 40_000);
    expect(await settled(m.emailJobId(sent))).toBeUndefined();
    expect(smtp.attempts() - attemptsBefore).toBe(2);
    expect(smtp.messages.filter((x) => x.to.includes('bob@example.test'))).toHaveLength(1);
  }, 60_000);

  it('gives up at once when the relay refuses the recipient for good (550)', async () => {
    smtp.rejectRecipient('gone@example.test');
    const sent = message('gone@example.test');
    await m.sendEmail(sent);
    const job = await settled(m.emailJobId(sent));
    expect(job).toBeDefined();
    expect(await job!.isFailed()).toBe(true);
    expect(job!.attemptsMade).toBe(1);
    expect(job!.failedReason).toContain('refused');
    expect(smtp.messages.filter((x) => x.to.includes('gone@example.test'))).toHaveLength(0);
  });

  it('sends the same message once when it is queued twice before delivery', async () => {
    const sent = message('cy@example.test');
    await Promise.all([m.sendEmail(sent), m.sendEmail(sent)]);
    await smtp.waitForMessages('cy@example.test', 1);
    expect(await settled(m.emailJobId(sent))).toBeUndefined();
    expect(smtp.messages.filter((x) => x.to.includes('cy@example.test'))).toHaveLength(1);
  });

  it('does not send again when a job that already delivered runs again (a worker died before recording completion)', async () => {
    const data = { ...message('dee@example.test'), companyId: null };
    const job = {
      id: `email-rerun-${randomBytes(4).toString('hex')}`,
      name: 'send-email',
      queueName: 'email',
      timestamp: Date.now(),
      data,
    } as unknown as Job;
    await m.runJob(job);
    await m.runJob(job);
    await smtp.waitForMessages('dee@example.test', 1);
    expect(smtp.messages.filter((x) => x.to.includes('dee@example.test'))).toHaveLength(1);
  });
});
