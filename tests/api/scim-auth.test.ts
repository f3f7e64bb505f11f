import { describe, it, expect, beforeAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createMember } from '../helpers/fixtures';
import { createScimCompany, SCIM_JSON, scimCall, scimErrorShape } from '../helpers/scim';

// SCIM keys (issue 20): the directory key is the bearer token; it reaches its own company only, a deleted key or a
// disabled integration is refused, every request past the key lookup is in the provisioning log (GET /api/azureAd/log).

describe('SCIM authentication, discovery and the provisioning log', () => {
  const api = useApiTestContext();
  let mine: Awaited<ReturnType<typeof createScimCompany>>;
  let theirs: Awaited<ReturnType<typeof createScimCompany>>;

  beforeAll(async () => {
    [mine, theirs] = await Promise.all([createScimCompany(api), createScimCompany(api)]);
  });

  it('refuses a missing, unknown or deleted key with 401, a SCIM body and WWW-Authenticate: Bearer', async () => {
    for (const key of [null, 'not-a-key']) {
      const refused = await scimCall(api, key, 'GET', '/Users');
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(scimErrorShape(401));
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      expect(refused.headers.get('content-type')).toContain(SCIM_JSON);
    }
    const spare = await api.call('POST', '/api/azureAd/keys', { token: mine.admin.token, body: {} });
    expect((await scimCall(api, spare.body.key, 'GET', '/Users')).status).toBe(200);
    await api.call('DELETE', `/api/azureAd/keys/${spare.body.id}`, { token: mine.admin.token });
    expect((await scimCall(api, spare.body.key, 'GET', '/Users')).status).toBe(401);
  });

  it('answers 403 while the integration is off, and records the key use (at most once a minute)', async () => {
    await api.db.directoryKey.update({ where: { id: mine.keyId }, data: { lastUsedAt: null } });
    await api.call('PUT', '/api/azureAd/enabled', { token: mine.admin.token, body: { enabled: false } });
    const off = await scimCall(api, mine.key, 'GET', '/ServiceProviderConfig');
    expect(off.status).toBe(403);
    expect(off.body).toEqual(scimErrorShape(403));
    await api.call('PUT', '/api/azureAd/enabled', { token: mine.admin.token, body: { enabled: true } });
    const used = (await api.db.directoryKey.findUniqueOrThrow({ where: { id: mine.keyId } })).lastUsedAt;
    expect(used).not.toBeNull();
    expect(Date.now() - (used as Date).getTime()).toBeLessThan(60_000);
    await scimCall(api, mine.key, 'GET', '/Schemas');
    expect((await api.db.directoryKey.findUniqueOrThrow({ where: { id: mine.keyId } })).lastUsedAt).toEqual(used);
    const listed = await api.call('GET', '/api/azureAd/keys', { token: mine.admin.token });
    expect(listed.body.find((key: { id: string }) => key.id === mine.keyId).lastUsedAt).toBe(
      (used as Date).toISOString(),
    );
  });

  it('never lets a key reach another company', async () => {
    const theirUser = await scimCall(api, theirs.key, 'POST', '/Users', {
      userName: 'theirs@example.test',
      name: { formatted: 'Their Person' },
    });
    const theirGroup = await scimCall(api, theirs.key, 'POST', '/Groups', { displayName: 'Their group' });
    for (const [method, path, body] of [
      ['GET', `/Users/${theirUser.body.id}`],
      ['PUT', `/Users/${theirUser.body.id}`, { userName: 'theirs@example.test', name: { formatted: 'Taken Over' } }],
      ['PATCH', `/Users/${theirUser.body.id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }],
      ['DELETE', `/Users/${theirUser.body.id}`],
      ['GET', `/Groups/${theirGroup.body.id}`],
      [
        'PATCH',
        `/Groups/${theirGroup.body.id}`,
        { Operations: [{ op: 'replace', path: 'displayName', value: 'Ours' }] },
      ],
      ['DELETE', `/Groups/${theirGroup.body.id}`],
    ] as const) {
      const answer = await scimCall(api, mine.key, method, path, body);
      expect([method, path, answer.status]).toEqual([method, path, 404]);
    }
    const lists = await Promise.all([
      scimCall(api, mine.key, 'GET', '/Users'),
      scimCall(api, mine.key, 'GET', '/Groups'),
    ]);
    for (const list of lists) expect(JSON.stringify(list.body)).not.toContain(theirUser.body.id);
    const mineGroup = await scimCall(api, mine.key, 'POST', '/Groups', {
      displayName: 'Mine with theirs',
      members: [{ value: theirUser.body.id }],
    });
    expect(mineGroup.status).toBe(400);
    expect(await api.db.membership.count({ where: { userId: theirUser.body.id, deletedAt: null } })).toBe(1);
    expect((await api.db.team.findUniqueOrThrow({ where: { id: theirGroup.body.id } })).name).toBe('Their group');
  });

  it('describes itself: ServiceProviderConfig, Schemas, ResourceTypes', async () => {
    const config = await scimCall(api, mine.key, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain(SCIM_JSON);
    expect(config.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 100 },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const schemas = await scimCall(api, mine.key, 'GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    const types = await scimCall(api, mine.key, 'GET', '/ResourceTypes');
    expect(types.body).toMatchObject({
      totalResults: 2,
      Resources: [
        { id: 'User', endpoint: '/Users', schemaExtensions: [{ required: false }] },
        { id: 'Group', endpoint: '/Groups' },
      ],
    });
  });

  it('GET /api/azureAd/log: the newest requests, for admins of the company only', async () => {
    const made = await scimCall(api, mine.key, 'POST', '/Users', {
      userName: 'logged@example.test',
      name: { formatted: 'Logged Person' },
    });
    await scimCall(api, mine.key, 'POST', '/Users', {
      userName: 'logged@example.test',
      name: { formatted: 'Logged Person' },
    });
    await scimCall(api, mine.key, 'PATCH', `/Users/${made.body.id}`, {
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    await scimCall(api, 'not-a-key', 'GET', '/Users');
    const log = await api.call('GET', '/api/azureAd/log', { token: mine.admin.token });
    expect(log.status).toBe(200);
    const prefix = mine.key.slice(0, 8);
    expect(log.body.entries.slice(0, 3)).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        method: 'PATCH',
        operation: 'patch',
        resourceType: 'User',
        resourceId: made.body.id,
        status: 200,
        scimType: null,
        keyPrefix: prefix,
        notes: [],
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        method: 'POST',
        operation: 'create',
        resourceType: 'User',
        resourceId: null,
        status: 409,
        scimType: 'uniqueness',
        keyPrefix: prefix,
        notes: [],
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        method: 'POST',
        operation: 'create',
        resourceType: 'User',
        resourceId: made.body.id,
        status: 201,
        scimType: null,
        keyPrefix: prefix,
        notes: [],
      },
    ]);
    expect(log.body.entries.length).toBeLessThanOrEqual(100);
    expect(log.body.entries).toContainEqual(
      expect.objectContaining({ operation: 'discovery', resourceType: null, status: 403 }),
    );
    const times = log.body.entries.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const member = await createMember(api.db, mine.company.id, 'user');
    expect((await api.call('GET', '/api/azureAd/log', { token: member.token })).status).toBe(403);
    expect((await api.call('GET', '/api/azureAd/log')).status).toBe(401);
    const theirLog = await api.call('GET', '/api/azureAd/log', { token: theirs.admin.token });
    expect(JSON.stringify(theirLog.body)).not.toContain(made.body.id);
    expect(
      theirLog.body.entries.every((entry: { keyPrefix: string }) => entry.keyPrefix === theirs.key.slice(0, 8)),
    ).toBe(true);
  });

  it('keeps the newest 1000 requests of a company', async () => {
    const old = new Date(Date.now() - 86_400_000);
    await api.db.directoryRequest.createMany({
      data: Array.from({ length: 1000 }, (_, index) => ({
        companyId: theirs.company.id,
        at: new Date(old.getTime() + index),
        method: 'GET',
        operation: 'list',
        resourceType: 'User',
        status: 200,
      })),
    });
    await scimCall(api, theirs.key, 'GET', '/Groups');
    expect(await api.db.directoryRequest.count({ where: { companyId: theirs.company.id } })).toBe(1000);
    expect(await api.db.directoryRequest.count({ where: { companyId: theirs.company.id, at: old } })).toBe(0);
    expect(await api.db.directoryRequest.count({ where: { companyId: mine.company.id } })).toBeGreaterThan(5);
  });
});
