import { describe, it, expect, beforeAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createScimCompany, SCIM_JSON, scimCall, scimErrorShape } from '../helpers/scim';

// The addresses of the SCIM server (issue 32): what meta.location advertises can be fetched (/Schemas/{id},
// /ResourceTypes/{id}); every other path under /scim/v2 and every method a path does not have answer SCIM error
// bodies, never the console's HTML.

describe('SCIM addresses', () => {
  const api = useApiTestContext();
  let mine: Awaited<ReturnType<typeof createScimCompany>>;

  beforeAll(async () => {
    mine = await createScimCompany(api);
  });

  it('serves every meta.location of /Schemas and /ResourceTypes as it is listed, by id', async () => {
    for (const list of ['/Schemas', '/ResourceTypes']) {
      const listed = await scimCall(api, mine.key, 'GET', list);
      expect(listed.body.Resources).toHaveLength(2);
      for (const resource of listed.body.Resources as { id: string; meta: { location: string } }[]) {
        expect(resource.meta.location).toBe(`/scim/v2${list}/${resource.id}`);
        const one = await scimCall(api, mine.key, 'GET', resource.meta.location.slice('/scim/v2'.length));
        expect([resource.id, one.status]).toEqual([resource.id, 200]);
        expect(one.headers.get('content-type')).toContain(SCIM_JSON);
        expect(one.body).toEqual(resource);
      }
    }
    const user = await scimCall(api, mine.key, 'GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect(user.body).toMatchObject({ id: 'urn:ietf:params:scim:schemas:core:2.0:User', name: 'User' });
    expect((await scimCall(api, mine.key, 'GET', '/ResourceTypes/Group')).body).toMatchObject({ endpoint: '/Groups' });
  });

  it('answers a SCIM 404 for a schema or resource type it does not have, and 401 without a key', async () => {
    for (const path of [
      '/Schemas/urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      '/Schemas/nothing',
      '/ResourceTypes/Device',
    ]) {
      const missing = await scimCall(api, mine.key, 'GET', path);
      expect([path, missing.status]).toEqual([path, 404]);
      expect(missing.body).toEqual(scimErrorShape(404));
      expect(missing.headers.get('content-type')).toContain(SCIM_JSON);
      expect((await scimCall(api, null, 'GET', path)).status).toBe(401);
    }
  });

  it('answers any other path under /scim/v2 with a SCIM 404 after the key (401 without), logged', async () => {
    const paths = ['', '/', '/Nothing', '/Bulk', '/Me', `/Users/${randomUUID()}/extra`, '/Schemas/a/b', '/v2/Users'];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const unknown = await scimCall(api, mine.key, method, path, body);
        expect([method, path, unknown.status]).toEqual([method, path, 404]);
        expect(unknown.headers.get('content-type')).toContain(SCIM_JSON);
        expect(unknown.body).toEqual(scimErrorShape(404));
        expect(unknown.body.detail).toBe('This SCIM address was not found');
        const keyless = await scimCall(api, null, method, path, body);
        expect([method, path, keyless.status]).toEqual([method, path, 401]);
        expect(keyless.body).toEqual(scimErrorShape(401));
        expect(keyless.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
    const log = await api.call('GET', '/api/azureAd/log', { token: mine.admin.token });
    expect(log.body.entries[0]).toMatchObject({ method: 'DELETE', status: 404, operation: 'discovery' });
  });

  it('answers a method a SCIM path does not have with a SCIM 405 and Allow, before the key', async () => {
    const id = randomUUID();
    const cases: [string, string, string][] = [
      ['PUT', '/Users', 'GET, HEAD, OPTIONS, POST'],
      ['DELETE', '/Groups', 'GET, HEAD, OPTIONS, POST'],
      ['POST', `/Users/${id}`, 'DELETE, GET, HEAD, OPTIONS, PATCH, PUT'],
      ['POST', `/Groups/${id}`, 'DELETE, GET, HEAD, OPTIONS, PATCH, PUT'],
      ['POST', '/Schemas', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User', 'GET, HEAD, OPTIONS'],
      ['PATCH', '/ResourceTypes', 'GET, HEAD, OPTIONS'],
      ['PUT', '/ResourceTypes/User', 'GET, HEAD, OPTIONS'],
      ['POST', '/ServiceProviderConfig', 'GET, HEAD, OPTIONS'],
    ];
    for (const [method, path, allow] of cases) {
      for (const key of [mine.key, null]) {
        const refused = await scimCall(api, key, method, path, method === 'DELETE' ? undefined : {});
        expect([method, path, refused.status]).toEqual([method, path, 405]);
        expect(refused.headers.get('allow')).toBe(allow);
        expect(refused.headers.get('content-type')).toContain(SCIM_JSON);
        expect(refused.body).toEqual({ ...scimErrorShape(405), detail: `This address does not accept ${method}` });
      }
    }
    const options = await fetch(`${api.url}/scim/v2/Users`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
  });
});
