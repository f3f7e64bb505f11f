import { describe, it, expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

describe('scenario folders: /api/scenarioFolders/customer', () => {
  const api = useApiTestContext();

  async function arrange() {
    const company = await createCompany(api.db, { features: ['scenario'] });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id, 'user', 'Mia Member');
    return { company, admin, member };
  }

  const scenarioIn = (folderId: string | null) => ({
    name: 'Fire drill',
    alertType: 1,
    alertData: { title: 'Fire drill', body: 'Leave the building.', target: { company: true } },
    channels: ['push'],
    folderId,
  });

  it('creates by PUT with a new id or by POST, lists, renames and deletes an empty folder', async () => {
    const { admin, member } = await arrange();
    const id = randomUUID();
    const created = await api.call('PUT', `/api/scenarioFolders/customer/${id}`, {
      token: admin.token,
      body: { name: ' Fire ' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id, name: 'Fire', sortIndex: 0, scenarioCount: 0 });
    const again = await api.call('PUT', `/api/scenarioFolders/customer/${id}`, {
      token: admin.token,
      body: { name: 'Fire' },
    });
    expect(again.body).toEqual(created.body);
    const posted = await api.call('POST', '/api/scenarioFolders/customer', {
      token: admin.token,
      body: { name: 'Weather' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ name: 'Weather', sortIndex: 1 });

    const renamed = await api.call('PUT', `/api/scenarioFolders/customer/${id}`, {
      token: admin.token,
      body: { name: 'Fire and smoke' },
    });
    expect(renamed.body.name).toBe('Fire and smoke');
    await api.call('POST', '/api/scenarios/customer', { token: admin.token, body: scenarioIn(id) });

    const listed = await api.call('GET', '/api/scenarioFolders/customer', { token: member.token });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      { id, name: 'Fire and smoke', sortIndex: 0, scenarioCount: 1 },
      { id: posted.body.id, name: 'Weather', sortIndex: 1, scenarioCount: 0 },
    ]);

    const full = await api.call('DELETE', `/api/scenarioFolders/customer/${id}`, { token: admin.token });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'folderNotEmpty', errors: ['Only an empty folder can be deleted'] });
    const empty = await api.call('DELETE', `/api/scenarioFolders/customer/${posted.body.id}`, { token: admin.token });
    expect(empty.status).toBe(200);
    expect(await api.db.scenarioFolder.count({ where: { id: posted.body.id } })).toBe(0);
  });

  it('keeps folder names unique in a company whatever the letter case (409), not across companies', async () => {
    const { admin } = await arrange();
    const other = await arrange();
    await api.call('POST', '/api/scenarioFolders/customer', { token: admin.token, body: { name: 'Fire' } });
    const clash = await api.call('PUT', `/api/scenarioFolders/customer/${randomUUID()}`, {
      token: admin.token,
      body: { name: 'FIRE' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'folderNameTaken', errors: ['A folder named FIRE already exists'] });
    const posted = await api.call('POST', '/api/scenarioFolders/customer', {
      token: admin.token,
      body: { name: 'fire' },
    });
    expect(posted.status).toBe(409);
    const elsewhere = await api.call('POST', '/api/scenarioFolders/customer', {
      token: other.admin.token,
      body: { name: 'Fire' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name is required'],
    ['a name over 60 characters', { name: 'x'.repeat(61) }, 'name cannot be longer than 60 characters'],
    ['no name', {}, 'name is required'],
  ])('refuses %s', async (_case, body, message) => {
    const { admin } = await arrange();
    const response = await api.call('PUT', `/api/scenarioFolders/customer/${randomUUID()}`, {
      token: admin.token,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
    expect(
      (await api.call('PUT', '/api/scenarioFolders/customer/not-an-id', { token: admin.token, body: { name: 'A' } }))
        .status,
    ).toBe(400);
  });

  it('keeps roles, companies and the feature apart, and needs a session', async () => {
    const { admin, member } = await arrange();
    const other = await arrange();
    const theirs = await api.call('POST', '/api/scenarioFolders/customer', {
      token: other.admin.token,
      body: { name: 'Theirs' },
    });
    const path = `/api/scenarioFolders/customer/${theirs.body.id}`;
    expect((await api.call('PUT', path, { token: admin.token, body: { name: 'Mine now' } })).status).toBe(404);
    expect((await api.call('DELETE', path, { token: admin.token })).status).toBe(404);
    expect((await api.call('GET', '/api/scenarioFolders/customer', { token: admin.token })).body.items).toEqual([]);
    expect(await api.db.scenarioFolder.findUniqueOrThrow({ where: { id: theirs.body.id } })).toMatchObject({
      name: 'Theirs',
      companyId: other.company.id,
    });
    // Their folder is not one a scenario of ours may be put in.
    const into = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: scenarioIn(theirs.body.id),
    });
    expect(into.status).toBe(400);
    expect(into.body.errors).toEqual(['folderId is not valid']);

    const own = `/api/scenarioFolders/customer/${randomUUID()}`;
    expect((await api.call('PUT', own, { token: member.token, body: { name: 'Nope' } })).status).toBe(403);
    expect(
      (await api.call('POST', '/api/scenarioFolders/customer', { token: member.token, body: { name: 'Nope' } })).status,
    ).toBe(403);
    expect((await api.call('DELETE', own, { token: member.token })).status).toBe(403);

    const plain = await createCompany(api.db);
    const plainAdmin = await createMember(api.db, plain.id, 'admin');
    expect((await api.call('GET', '/api/scenarioFolders/customer', { token: plainAdmin.token })).status).toBe(403);
    expect((await api.call('PUT', own, { token: plainAdmin.token, body: { name: 'Nope' } })).status).toBe(403);

    expect((await api.call('GET', '/api/scenarioFolders/customer')).status).toBe(401);
    expect((await api.call('PUT', own, { body: { name: 'Nope' } })).status).toBe(401);
    expect((await api.call('DELETE', path)).status).toBe(401);
    expect(await api.db.scenarioFolder.count({ where: { name: 'Nope' } })).toBe(0);
  });
});
