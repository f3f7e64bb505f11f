import { describe, it, expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// A method an /api address does not have answers a JSON 405 with the methods it has in `Allow` (lib/http/other-methods.ts),
// signed in or not, never Next's bodiless 405; HEAD is the GET without its body, OPTIONS lists the methods.

describe('a method an /api address does not have', () => {
  const api = useApiTestContext();

  it('answers 405 with Allow and the error list, before any authentication', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const cases: [string, string, string][] = [
      ['PUT', '/api/teams', 'GET, HEAD, OPTIONS, POST'],
      ['DELETE', '/api/teams', 'GET, HEAD, OPTIONS, POST'],
      ['POST', `/api/teams/${randomUUID()}`, 'DELETE, GET, HEAD, OPTIONS, PUT'],
      ['PATCH', `/api/alerts/${randomUUID()}`, 'DELETE, GET, HEAD, OPTIONS, PUT'],
      ['DELETE', '/api/health', 'GET, HEAD, OPTIONS'],
      ['GET', '/api/login', 'OPTIONS, POST'],
    ];
    for (const [method, path, allow] of cases) {
      for (const token of [undefined, admin.token]) {
        const body = method === 'GET' ? undefined : { name: 'x' };
        const answer = await api.call(method, path, { token, customerId: company.id, body });
        expect([method, path, answer.status]).toEqual([method, path, 405]);
        expect(answer.headers.get('allow')).toBe(allow);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.headers.get('x-api-version')).toBe('2.2');
        expect(answer.body).toEqual({ errors: [`This address does not accept ${method}`] });
      }
    }
  });

  it('leaves the methods an address has as they are', async () => {
    expect((await api.call('GET', '/api/teams')).status).toBe(401);
    expect((await api.call('POST', '/api/login', { body: {} })).status).toBe(400);
    expect((await api.call('GET', `/api/teams/${randomUUID()}`)).status).toBe(401);
  });

  it('HEAD: the GET without its body where there is one, else the 405 without its body', async () => {
    const health = await fetch(`${api.url}/api/health`, { method: 'HEAD' });
    const healthGet = await api.call('GET', '/api/health');
    expect(health.status).toBe(healthGet.status);
    expect(await health.text()).toBe('');
    const teams = await fetch(`${api.url}/api/teams`, { method: 'HEAD' });
    expect(teams.status).toBe(401);
    const login = await fetch(`${api.url}/api/login`, { method: 'HEAD' });
    expect(login.status).toBe(405);
    expect(login.headers.get('allow')).toBe('OPTIONS, POST');
    expect(await login.text()).toBe('');
  });

  it('OPTIONS: 204 with Allow for an address, the JSON 404 for an unknown one', async () => {
    for (const [path, allow] of [
      ['/api/teams', 'GET, HEAD, OPTIONS, POST'],
      [`/api/teams/${randomUUID()}`, 'DELETE, GET, HEAD, OPTIONS, PUT'],
      ['/api/login', 'OPTIONS, POST'],
    ]) {
      const answer = await fetch(`${api.url}${path}`, { method: 'OPTIONS' });
      expect([path, answer.status]).toEqual([path, 204]);
      expect(answer.headers.get('allow')).toBe(allow);
    }
    const unknown = await api.call('OPTIONS', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: ['This API address was not found'] });
  });
});
