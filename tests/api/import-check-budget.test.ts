import { describe, it, expect } from '@jest/globals';
import { IMPORT_CHECK_FLOOR } from '@/lib/members/take-import-check-budget';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// The import check's daily budget is counted with a HyperLogLog, an estimate: a file of exactly the budget must never
// be refused because the estimate came out a little high (CI met it: 300 rows on a budget of 302 answered 429).
describe('import check budget at its edge', () => {
  const api = useApiTestContext();

  it('accepts a file of exactly the budget, whatever its addresses', async () => {
    const statuses: number[] = [];
    for (let file = 0; file < 8; file++) {
      const company = await createCompany(api.db, { plan: 'professional' });
      await api.db.company.update({ where: { id: company.id }, data: { includedSeats: 100 } });
      const admin = await createMember(api.db, company.id, 'admin');
      const users = Array.from({ length: IMPORT_CHECK_FLOOR }, (_, i) => ({
        name: `Person ${i}`,
        email: `edge-${file}-${company.id.slice(0, 8)}-${i}@example.test`,
        phone: '',
      }));
      const answer = await api.call('PUT', '/api/accounts', { token: admin.token, body: { users } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array(8).fill(200));
  });
});
