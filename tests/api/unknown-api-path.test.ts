import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// An /api address no route has answers the API's JSON 404 for every method, with or without a session, never the
// console's HTML page; addresses that exist are not shadowed by it.

describe('unknown /api addresses', () => {
  const api = useApiTestContext();

  it('answer a JSON 404 with the error list, for every method, signed in or not', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    for (const path of ['/api/nothing-here', '/api/teams/not/a/route', '/api/alerts/all/extra']) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const token of [undefined, admin.token]) {
          const answer = await api.call(method, path, { token, body: method === 'GET' ? undefined : {} });
          expect(answer.status).toBe(404);
          expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
          expect(answer.body).toEqual({ errors: ['This API address was not found'] });
        }
      }
    }
  });

  it('leaves the real routes as they are', async () => {
    expect((await api.call('GET', '/api/health', {})).status).toBe(200);
    expect((await api.call('GET', '/api/teams', {})).status).toBe(401);
  });
});
