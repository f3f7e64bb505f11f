import { createHash } from 'node:crypto';
import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Directory provisioning keys (issue 20, spec §7 Directory integration): GET/PUT /api/azureAd/enabled, GET/POST
// /api/azureAd/keys, DELETE /api/azureAd/keys/{id}.

describe('directory integration: keys and the switch', () => {
  const api = useApiTestContext();

  async function company() {
    const created = await createCompany(api.db);
    const admin = await createMember(api.db, created.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, created.id, 'user', 'Mats Member');
    return { company: created, admin, member };
  }

  it('creates a key shown in full once, keeps only its hash, and lists it by prefix with who made it', async () => {
    const { company: created, admin } = await company();
    const made = await api.call('POST', '/api/azureAd/keys', { token: admin.token, body: { name: ' Entra prod ' } });
    expect(made.status).toBe(201);
    const key = made.body.key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({
      name: 'Entra prod',
      keyPrefix: key.slice(0, 8),
      lastUsedAt: null,
      createdBy: { userId: admin.user.id, name: 'Ada Admin' },
    });
    const stored = await api.db.directoryKey.findUniqueOrThrow({ where: { id: made.body.id } });
    expect(stored.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key);

    const listed = await api.call('GET', '/api/azureAd/keys', { token: admin.token });
    expect(listed.status).toBe(200);
    const { key: _shownOnce, ...view } = made.body;
    expect(listed.body).toEqual([view]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(
      await api.db.auditLog.count({
        where: { companyId: created.id, action: 'directoryKey.created', actorId: admin.user.id },
      }),
    ).toBe(1);
    // Without a name it is still a key.
    expect((await api.call('POST', '/api/azureAd/keys', { token: admin.token, body: {} })).body.name).toBeNull();
  });

  it('deletes a key (404 for one it does not have) and holds at most ten', async () => {
    const { company: created, admin } = await company();
    const ids: string[] = [];
    for (let made = 0; made < 10; made++)
      ids.push((await api.call('POST', '/api/azureAd/keys', { token: admin.token, body: {} })).body.id);
    const eleventh = await api.call('POST', '/api/azureAd/keys', { token: admin.token, body: {} });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.code).toBe('tooManyKeys');
    expect((await api.call('DELETE', `/api/azureAd/keys/${ids[0]}`, { token: admin.token })).status).toBe(200);
    expect((await api.call('DELETE', `/api/azureAd/keys/${ids[0]}`, { token: admin.token })).status).toBe(404);
    expect(await api.db.directoryKey.count({ where: { companyId: created.id } })).toBe(9);
    expect(await api.db.auditLog.count({ where: { companyId: created.id, action: 'directoryKey.deleted' } })).toBe(1);
    expect((await api.call('POST', '/api/azureAd/keys', { token: admin.token, body: {} })).status).toBe(201);
  });

  it('turns provisioning on and off, recorded', async () => {
    const { company: created, admin } = await company();
    expect((await api.call('GET', '/api/azureAd/enabled', { token: admin.token })).body).toEqual({ enabled: false });
    const on = await api.call('PUT', '/api/azureAd/enabled', { token: admin.token, body: { enabled: true } });
    expect(on).toMatchObject({ status: 200, body: { enabled: true } });
    expect((await api.call('GET', '/api/azureAd/enabled', { token: admin.token })).body).toEqual({ enabled: true });
    expect((await api.db.company.findUniqueOrThrow({ where: { id: created.id } })).azureAdEnabled).toBe(true);
    expect(await api.db.auditLog.count({ where: { companyId: created.id, action: 'directory.enabledChanged' } })).toBe(
      1,
    );
  });

  it('refuses bad input with 400', async () => {
    const { admin } = await company();
    for (const body of [{ enabled: 'yes' }, {}, { enabled: null }])
      expect((await api.call('PUT', '/api/azureAd/enabled', { token: admin.token, body })).status).toBe(400);
    for (const body of [{ name: 'x'.repeat(101) }, { name: 42 }])
      expect((await api.call('POST', '/api/azureAd/keys', { token: admin.token, body })).status).toBe(400);
    expect((await api.call('DELETE', '/api/azureAd/keys/not-a-uuid', { token: admin.token })).status).toBe(400);
  });

  it('is for admins of the company: member 403, another company’s key 404, no session 401', async () => {
    const mine = await company();
    const theirs = await company();
    const theirKey = await api.call('POST', '/api/azureAd/keys', { token: theirs.admin.token, body: {} });
    for (const [method, path, body] of [
      ['GET', '/api/azureAd/keys', undefined],
      ['POST', '/api/azureAd/keys', {}],
      ['DELETE', `/api/azureAd/keys/${theirKey.body.id}`, undefined],
      ['GET', '/api/azureAd/enabled', undefined],
      ['PUT', '/api/azureAd/enabled', { enabled: true }],
    ] as const) {
      expect((await api.call(method, path, { token: mine.member.token, body })).status).toBe(403);
      expect((await api.call(method, path, { body })).status).toBe(401);
      expect(
        (await api.call(method, path, { token: mine.admin.token, customerId: theirs.company.id, body })).status,
      ).toBe(403);
    }
    // Another company's key is not found, and stays.
    expect(
      (await api.call('DELETE', `/api/azureAd/keys/${theirKey.body.id}`, { token: mine.admin.token })).status,
    ).toBe(404);
    expect(await api.db.directoryKey.count({ where: { id: theirKey.body.id } })).toBe(1);
    expect((await api.call('GET', '/api/azureAd/keys', { token: mine.admin.token })).body).toEqual([]);
    expect((await api.db.company.findUniqueOrThrow({ where: { id: theirs.company.id } })).azureAdEnabled).toBe(false);
  });
});
