import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Without SMTP_URL, e-mail goes to the outbox table: a demo or air-gapped install shows what would have gone out.
// lib/env reads the environment once, when first imported: the code under test is imported after it is set.
let database: TestDatabase;
let sendEmail: typeof import('@/lib/providers/email/send-email').sendEmail;
let composeEmail: typeof import('@/lib/email/compose-email').composeEmail;
let disconnectDb: () => Promise<void>;
let createCompany: typeof import('../helpers/fixtures').createCompany;
const savedEnv = { ...process.env };

beforeAll(async () => {
  database = await createTestDatabase();
  // An empty value is what docker compose passes for an unset variable.
  Object.assign(process.env, { DATABASE_URL: database.url, SMTP_URL: '' });
  ({ sendEmail } = await import('@/lib/providers/email/send-email'));
  ({ composeEmail } = await import('@/lib/email/compose-email'));
  ({ disconnectDb } = await import('@/lib/db'));
  ({ createCompany } = await import('../helpers/fixtures'));
});

afterAll(async () => {
  await disconnectDb?.();
  await database?.drop();
  process.env = savedEnv;
});

describe('e-mail without SMTP_URL', () => {
  it('records a composed message in the outbox with its company', async () => {
    const company = await createCompany(database.db, { name: 'Fjord Rescue' });
    const email = await composeEmail('signupConfirmation', 'no-nb', {
      name: 'Kari',
      link: 'https://tocsin.test/confirmAdmin?token=abc',
      companyName: company.name,
    });
    await sendEmail({ to: 'kari@example.test', ...email, companyId: company.id });

    const rows = await database.db.outboundMessage.findMany({ where: { recipient: 'kari@example.test' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'email',
      status: 'sent',
      companyId: company.id,
      subject: email.subject,
      body: email.text,
      payload: { html: email.html },
    });
    expect(rows[0].body).toContain('https://tocsin.test/confirmAdmin?token=abc');
  });

  it('records a message about no company', async () => {
    await sendEmail({
      to: 'solo@example.test',
      subject: 'Your Tocsin password was changed',
      text: 'Plain',
      html: '<p>HTML</p>',
    });
    const rows = await database.db.outboundMessage.findMany({ where: { recipient: 'solo@example.test' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'email',
      companyId: null,
      subject: 'Your Tocsin password was changed',
      body: 'Plain',
      payload: { html: '<p>HTML</p>' },
    });
  });
});
