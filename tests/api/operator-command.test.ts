import { describe, it, expect } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Issue 35: `npm run operator -- …` does what the operator area does, on the database DATABASE_URL names, with the
// same checks, audited with no person as the actor.
const api = useApiTestContext();
const run = promisify(execFile);

async function operator(...args: string[]) {
  try {
    const { stdout } = await run('npx', ['tsx', 'scripts/operator.ts', ...args], {
      env: { ...process.env, DATABASE_URL: api.databaseUrl },
    });
    return { code: 0, stdout, stderr: '' };
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
});
