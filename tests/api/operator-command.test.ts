import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createAccount } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { createCompany, createMember } from '../helpers/fixtures';
import { uniquePhone } from '../helpers/phone';

// Issue 35: `npm run operator -- …` does what the operator area does, on the database DATABASE_URL names, with the
// same checks, audited with no person as the actor.
const api = useApiTestContext();
const run = promisify(execFile);

async function operator(...args: string[]) {
  return operatorWith({ DATABASE_URL: api.databaseUrl }, ...args);
}

/** The command with these settings on top of this process's (a value undefined: unset). */
async function operatorWith(settings: Record<string, string | undefined>, ...args: string[]) {
  const env = { ...process.env, ...settings };
  for (const [name, value] of Object.entries(settings)) if (value === undefined) delete env[name];
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/operator.ts', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run operator', () => {
  it('lists companies, changes a plan, suspends and restores, and sets the sign-up policy; refuses bad input', async () => {
    const company = await createCompany(api.db, { name: `Command Co ${Date.now()}`, plan: 'free' });
    await createMember(api.db, company.id, 'owner');

    const listed = await operator('companies', '--search', company.name, '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      total: 1,
      items: [{ id: company.id, plan: 'free', seatsUsed: 1 }],
    });
    const table = await operator('companies', '--search', company.name);
    expect(table.stdout).toContain(company.name);
    expect(table.stdout).toContain('1 of 1 companies');

    const changed = await operator(
      'company',
      company.id,
      '--plan',
      'enterprise',
      '--included-seats',
      '40',
      '--features',
      'mission,scenario',
      '--json',
    );
    expect(JSON.parse(changed.stdout)).toMatchObject({
      plan: 'enterprise',
      maxUsers: 40,
      features: ['mission', 'scenario'],
    });
    expect(await operator('suspend', company.id, '--reason', 'Unpaid')).toMatchObject({ code: 0 });
    expect((await api.db.company.findUniqueOrThrow({ where: { id: company.id } })).suspendedReason).toBe('Unpaid');
    expect(await operator('restore', company.id)).toMatchObject({ code: 0 });
    expect((await api.db.company.findUniqueOrThrow({ where: { id: company.id } })).suspendedAt).toBeNull();
    const audit = await api.db.auditLog.findMany({ where: { companyId: company.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['companyPlanChanged', null],
      ['companySuspended', null],
      ['companyRestored', null],
    ]);

    const closed = await operator('settings', '--sign-up', 'domains', '--domains', 'harbour.test', '--json');
    expect(JSON.parse(closed.stdout)).toMatchObject({ signUpPolicy: 'domains', signUpDomains: ['harbour.test'] });
    expect((await api.call('GET', '/api/signup/policy')).body).toEqual({
      signUpPolicy: 'domains',
      signUpDomains: ['harbour.test'],
    });
    expect(
      JSON.parse((await operator('settings', '--sign-up', 'open', '--domains', 'none', '--json')).stdout),
    ).toMatchObject({
      signUpPolicy: 'open',
    });

    const refusals = [
      await operator('company', company.id, '--plan', 'gold'),
      await operator('company', 'not-an-id'),
      await operator('suspend', company.id),
      await operator('settings', '--sign-up', 'domains', '--domains', 'none'),
      await operator('company', crypto.randomUUID()),
      await operator('teleport'),
      await operator('companies', '--colour', 'red'),
    ];
    expect(refusals.map((refusal) => refusal.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(refusals[4].stderr).toContain('The company was not found');
    expect(refusals[5].stderr).toContain('Usage: npm run operator');
    expect((await api.db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe('enterprise');
  }, 120_000);

  it('lists the sales requests and answers one, once; the answer is e-mailed with no Reply-To and audited', async () => {
    const company = await createCompany(api.db, { name: `Sales Co ${Date.now()}`, plan: 'free' });
    const admin = await createMember(api.db, company.id, 'admin', 'Dorte Admin');
    await api.db.user.update({ where: { id: admin.user.id }, data: { locale: 'da-dk' } });
    const request = await api.db.salesRequest.create({
      data: {
        companyId: company.id,
        userId: admin.user.id,
        fields: [
          { name: 'topic', value: 'otherPlan' },
          { name: 'planWanted', value: 'enterprise' },
          { name: 'message', value: 'Vi vil gerne have\nFlic-knapper.' },
        ],
      },
    });

    const listed = await operator('sales-requests', '--json', '--page', '1');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: request.id,
          company: { id: company.id, name: company.name, plan: 'free' },
          requester: { name: 'Dorte Admin', email: admin.user.email, inCompany: true },
          topic: 'otherPlan',
          answer: null,
        }),
      ]),
    );
    const blocks = await operator('sales-requests');
    expect(blocks.stdout).toContain(`${request.id}  `);
    expect(blocks.stdout).toContain(`${company.name} (free)`);
    expect(blocks.stdout).toContain(`From:    Dorte Admin <${admin.user.email}>`);
    expect(blocks.stdout).toContain('Topic:   Another plan, plan wanted: enterprise');
    expect(blocks.stdout).toContain('Message: Vi vil gerne have\n           Flic-knapper.');
    expect(blocks.stdout).toMatch(/\d+ of \d+ open sales requests \(page 1\)/);

    const answered = await operator('answer-sales-request', request.id, '--text', '  Vi ringer i morgen.  ');
    expect(answered).toMatchObject({ code: 0 });
    expect(answered.stdout).toContain(`Answered. The answer was e-mailed to ${admin.user.email}.`);
    // What the operation logs (the e-mail recorded in the outbox) goes to stderr, never into the result.
    expect(answered.stderr).toContain('recorded in the outbox');
    expect(answered.stdout).not.toContain('recorded in the outbox');
    const stored = await api.db.salesRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored).toMatchObject({ answer: 'Vi ringer i morgen.', answeredById: null });
    const [email, ...more] = await api.db.outboundMessage.findMany({
      where: { companyId: company.id, channel: 'email' },
    });
    expect(more).toEqual([]);
    expect(email).toMatchObject({
      recipient: admin.user.email,
      subject: `Svar på din salgshenvendelse for ${company.name}`,
    });
    expect(email.body).toContain('Ønsket plan: Virksomhed');
    expect(email.body).toContain('Svaret:\n\nVi ringer i morgen.');
    expect(email.body).toContain('Svar venligst ikke på den.');
    expect(email.payload).not.toHaveProperty('replyTo');
    const audit = await api.db.auditLog.findMany({ where: { action: 'sales.answered', entityId: request.id } });
    expect(audit.map((row) => [row.companyId, row.actorId])).toEqual([[company.id, null]]);

    const answeredList = JSON.parse((await operator('sales-requests', '--status', 'answered', '--json')).stdout);
    expect(answeredList.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: request.id, answer: 'Vi ringer i morgen.', answeredBy: null }),
      ]),
    );

    const refusals = [
      await operator('answer-sales-request', request.id, '--text', 'Once more'),
      await operator('answer-sales-request', request.id),
      await operator('answer-sales-request', crypto.randomUUID(), '--text', '   '),
      await operator('answer-sales-request', crypto.randomUUID(), '--text', 'Hello?'),
      await operator('answer-sales-request', 'not-an-id', '--text', 'Hello?'),
      await operator('sales-requests', '--status', 'closed'),
    ];
    expect(refusals.map((refusal) => refusal.code)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(refusals[0].stderr).toContain('This sales request has already been answered');
    expect(refusals[1].stderr).toContain('Give the answer: --text');
    expect(refusals[2].stderr).toContain('answer: Write an answer');
    expect(refusals[3].stderr).toContain('The sales request was not found');
    expect(await api.db.outboundMessage.count({ where: { companyId: company.id } })).toBe(1);
  }, 120_000);
});

describe('npm run operator -- test-channel', () => {
  const FROM = '+15005550006';
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilio?.stop();
  });
  const withTwilio = () => ({
    DATABASE_URL: api.databaseUrl,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: FROM,
    TWILIO_API_URL: twilio.url,
  });

  it("prints the provider's answer, exit 1 when it refused, 3 when only the outbox recorded it, 2 for bad input", async () => {
    const number = uniquePhone();
    const sent = await operatorWith(withTwilio(), 'test-channel', 'sms', number);
    const [message] = twilio.messages.filter((one) => one.to === number);
    expect(message).toMatchObject({ from: FROM, body: expect.stringContaining('Tocsin test') });
    expect(sent).toMatchObject({ code: 0 });
    expect(sent.stdout).toBe(
      `SMS test to ${number}: sent\n  twilio -> ${number}: sent\n    id: ${message.sid}\n    status: queued\n`,
    );

    const refusedNumber = uniquePhone();
    twilio.invalidNumbers.add(refusedNumber);
    const refused = await operatorWith(withTwilio(), 'test-channel', 'call', refusedNumber, '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      channel: 'call',
      outcome: 'failed',
      answers: [
        { provider: 'twilio', errorCode: '21211', errorMessage: `Invalid 'To' Phone Number: ${refusedNumber}` },
      ],
    });

    // No Twilio in this shell: recorded in the outbox, with the settings that would send it, in the language asked.
    const recordedNumber = uniquePhone();
    const recorded = await operator('test-channel', 'sms', recordedNumber, '--language', 'sv-se');
    expect(recorded.code).toBe(3);
    expect(recorded.stdout).toContain(`SMS test to ${recordedNumber}: recorded in the outbox, nothing sent`);
    expect(recorded.stdout).toContain(
      'To send for real, set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER',
    );
    const row = await api.db.outboundMessage.findFirstOrThrow({ where: { channel: 'sms', recipient: recordedNumber } });
    expect(row.body).toMatch(/^Tocsin-test: sms från den här Tocsin-installationen/);

    // A push goes to the devices of the account named; this one has none.
    const account = await createAccount(api.db);
    const noDevices = await operator('test-channel', 'push', account.email);
    expect(noDevices.code).toBe(1);
    expect(noDevices.stdout).toContain('The account has no device that can receive push');

    const audit = await api.db.auditLog.findMany({ where: { action: 'channelTested' }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((entry) => [entry.actorId, (entry.data as { outcome: string }).outcome])).toEqual([
      [null, 'sent'],
      [null, 'failed'],
      [null, 'recorded'],
      [null, 'failed'],
    ]);

    const refusals = [
      await operator('test-channel', 'sms', '12345'),
      await operator('test-channel', 'fax', number),
      await operator('test-channel', 'push', 'nobody@example.test'),
      await operator('test-channel', 'sms', number, '--language', 'klingon'),
      await operatorWith({ ...withTwilio(), REDIS_URL: undefined }, 'test-channel', 'sms', number),
    ];
    expect(refusals.map((refusal) => refusal.code)).toEqual([2, 2, 2, 2, 2]);
    expect(refusals[0].stderr).toContain('to is not valid');
    expect(refusals[2].stderr).toContain('The account was not found');
    expect(refusals[4].stderr).toContain('Set REDIS_URL');
    expect(twilio.createRequests(number)).toBe(1);
  }, 120_000);

  it("keeps its exit code when it starts npm start's embedded Postgres (whose exit hook would make it 0)", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tocsin-operator-data-'));
    try {
      // The embedded Postgres runs as the system user "postgres" when we are root: it must reach its folder.
      await chmod(dataDir, 0o755);
      await mkdir(path.join(dataDir, 'postgres'));
      const embedded = { DATABASE_URL: undefined };
      const usage = await operatorWith(embedded, 'teleport', '--data-dir', dataDir);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run operator');
      // Its database was never made (`npm start` makes it): an unexpected failure, exit code 1.
      const failed = await operatorWith(embedded, 'companies', `--data-dir=${dataDir}`);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('tocsin');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
