import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { waitFor } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { startWorkerBeside, type TestWorker } from '../helpers/test-worker';

// The import of spec §5 at scale: a 2,000-row file with 30 bad rows of every kind, validated in batches of 1,000 and
// added in chunks of 100 the way the members screen sends it.
const ROWS = 2000;
const VALIDATE_BATCH = 1000;
const ADD_CHUNK = 100;

interface Row {
  name: string;
  email: string;
  phone: string;
  role?: string;
}

function chunks<T>(items: T[], size: number): { offset: number; items: T[] }[] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => ({
    offset: i * size,
    items: items.slice(i * size, (i + 1) * size),
  }));
}

describe('importing 2,000 members', () => {
  let worker: TestWorker | undefined;
  // Declared before the API test context, so the worker stops before its database is dropped.
  afterAll(async () => worker?.stop());
  const api = useApiTestContext();
  // The invitations are composed by the worker (lib/members/send-member-notices.ts).
  beforeAll(async () => {
    worker = await startWorkerBeside(api, { WORKER_QUEUES: 'email' });
  });

  it('reports exactly the bad rows, adds the rest in chunks, and adds nobody twice on a second run', async () => {
    const company = await createCompany(api.db, { name: 'Big Import AS' });
    await api.db.company.update({ where: { id: company.id }, data: { includedSeats: 2100 } });
    const admin = await createMember(api.db, company.id, 'admin');
    const strangers = await Promise.all(
      [1, 2].map(async () => (await createMember(api.db, (await createCompany(api.db)).id)).user),
    );
    const tag = Date.now().toString(36);

    const rows: Row[] = Array.from({ length: ROWS }, (_, i) => ({
      name: `Import Person ${i}`,
      email: `import-${tag}-${i}@example.test`,
      phone: `+4791${String(i).padStart(6, '0')}`,
    }));
    const bad = new Map<number, string>();
    const spoil = (indices: number[], code: string, change: (row: Row, index: number) => Partial<Row>) => {
      for (const index of indices) {
        Object.assign(rows[index], change(rows[index], index));
        bad.set(index, code);
      }
    };
    spoil([17, 250, 999, 1000, 1999], 'nameTooShort', () => ({ name: 'Xy' }));
    spoil([40, 411, 1203, 1500, 1777], 'emailInvalid', (row) => ({ email: row.email.replace('@', '-at-') }));
    spoil([63, 512, 1304, 1650, 1888], 'phoneInvalid', () => ({ phone: '+47 12' }));
    spoil([88, 620, 1111, 1420, 1960], 'dialCode', (_, i) => ({ phone: `+7912${String(1_000_000 + i)}` }));
    spoil([120, 720, 1530], 'roleNotAllowed', () => ({ role: 'owner' }));
    spoil([205, 805, 1005, 1605, 1905], 'duplicateInFile', (_, i) => ({ email: rows[i - 3].email }));
    spoil([300, 1333], 'identityMismatch', (_, i) => ({ email: strangers[i === 300 ? 0 : 1].email }));
    expect(bad.size).toBe(30);
    const expectedBad = [...bad.entries()].sort(([a], [b]) => a - b).map(([index, code]) => ({ index, codes: [code] }));

    const validated = [];
    for (const batch of chunks(rows, VALIDATE_BATCH)) {
      const response = await api.call('PUT', '/api/accounts', { token: admin.token, body: { users: batch.items } });
      expect(response.status).toBe(200);
      validated.push(
        ...response.body.rows.map((row: { index: number }) => ({ ...row, index: batch.offset + row.index })),
      );
    }
    const invalid = validated.filter((row) => row.status === 'invalid').map(({ index, codes }) => ({ index, codes }));
    expect(invalid).toEqual(expectedBad);
    expect(validated.filter((row) => row.status === 'new')).toHaveLength(ROWS - 30);

    async function addAll() {
      const totals = {
        added: [] as { index: number }[],
        skipped: [] as { index: number }[],
        failed: [] as { index: number; codes: string[] }[],
      };
      for (const chunk of chunks(rows, ADD_CHUNK)) {
        const response = await api.call('POST', '/api/accounts', { token: admin.token, body: { users: chunk.items } });
        expect(response.status).toBe(200);
        for (const kind of ['added', 'skipped', 'failed'] as const) {
          totals[kind].push(
            ...response.body[kind].map((row: { index: number }) => ({ ...row, index: chunk.offset + row.index })),
          );
        }
      }
      return totals;
    }

    const first = await addAll();
    expect(first.added).toHaveLength(ROWS - 30);
    expect(first.skipped).toEqual([]);
    expect(first.failed.map(({ index, codes }) => ({ index, codes }))).toEqual(expectedBad);
    expect(await api.db.membership.count({ where: { companyId: company.id, deletedAt: null } })).toBe(ROWS - 30 + 1);
    const invitations = () =>
      api.db.outboundMessage.count({
        where: { companyId: company.id, channel: 'email', subject: 'You are invited to Big Import AS on Tocsin' },
      });
    await waitFor('every invitation', async () => (await invitations()) >= ROWS - 30, 60_000);
    expect(await invitations()).toBe(ROWS - 30);

    const second = await addAll();
    expect(second.added).toEqual([]);
    expect(second.skipped).toHaveLength(ROWS - 30);
    expect(second.failed.map(({ index, codes }) => ({ index, codes }))).toEqual(expectedBad);
    expect(await api.db.membership.count({ where: { companyId: company.id } })).toBe(ROWS - 30 + 1);
    const users = await api.call('GET', '/api/users', { token: admin.token });
    expect(users.body).toMatchObject({ total: ROWS - 30 + 1, seats: { used: ROWS - 30 + 1, max: 2100 } });
    expect(users.body.users).toHaveLength(1000);
  }, 600_000);
});
