import { describe, it, expect, beforeAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createMember } from '../helpers/fixtures';
import { createScimCompany, PATCH_OP, scimCall, scimErrorShape } from '../helpers/scim';

// SCIM 2.0 Groups (issue 20): a Group is a managed team of the key's company, its members SCIM User ids.

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

describe('SCIM /Groups', () => {
  const api = useApiTestContext();
  let setup: Awaited<ReturnType<typeof createScimCompany>>;
  const userIds: string[] = [];
  const scim = (method: string, path: string, body?: unknown) => scimCall(api, setup.key, method, path, body);
  const memberValues = (body: { members: { value: string }[] }) => body.members.map((member) => member.value).sort();

  beforeAll(async () => {
    setup = await createScimCompany(api);
    for (const name of ['anna', 'bjorn', 'cecilie']) {
      const made = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: `${name}@example.test`,
        name: { formatted: `${name} Person` },
      });
      userIds.push(made.body.id);
    }
  });

  it('creates a managed team with members, refuses a taken name, gets, filters and leaves members out on request', async () => {
    const made = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      externalId: 'grp-1',
      displayName: 'Night shift',
      members: [{ value: userIds[0] }, { value: userIds[1] }],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      schemas: [GROUP_SCHEMA],
      externalId: 'grp-1',
      displayName: 'Night shift',
      meta: { resourceType: 'Group', location: `/scim/v2/Groups/${made.body.id}` },
    });
    expect(memberValues(made.body)).toEqual([userIds[0], userIds[1]].sort());
    const team = await api.db.team.findUniqueOrThrow({ where: { id: made.body.id }, include: { members: true } });
    expect(team).toMatchObject({
      companyId: setup.company.id,
      name: 'Night shift',
      managed: true,
      externalId: 'grp-1',
    });
    expect(team.members).toHaveLength(2);

    expect((await scim('POST', '/Groups', { displayName: 'NIGHT SHIFT' })).body).toEqual(
      scimErrorShape(409, 'uniqueness'),
    );
    const unknown = await scim('POST', '/Groups', {
      displayName: 'Unknown people',
      members: [{ value: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknown.body).toEqual(scimErrorShape(400, 'invalidValue'));

    expect((await scim('GET', `/Groups/${made.body.id}`)).body).toEqual(made.body);
    const slim = await scim('GET', `/Groups/${made.body.id}?excludedAttributes=members`);
    expect(slim.body.members).toBeUndefined();
    const found = await scim(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "night shift"')}`,
    );
    expect(found.body).toMatchObject({
      totalResults: 1,
      Resources: [{ id: made.body.id, displayName: 'Night shift' }],
    });
    expect(found.body.Resources[0].members).toBeUndefined();
    const byMember = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`id eq "${made.body.id}" and members[value eq "${userIds[2]}"]`)}`,
    );
    expect(byMember.body.totalResults).toBe(0);
    expect((await scim('GET', '/Groups/not-a-uuid')).body).toEqual(scimErrorShape(404));
  });

  it('adds, removes (value list and value filter) and replaces members, renames, PUTs and deletes', async () => {
    const made = (await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Drill team' })).body;
    expect(made.members).toEqual([]);
    const patch = (Operations: unknown[]) => scim('PATCH', `/Groups/${made.id}`, { schemas: [PATCH_OP], Operations });

    const added = await patch([{ op: 'Add', path: 'members', value: userIds.map((value) => ({ $ref: null, value })) }]);
    expect(added.status).toBe(200);
    expect(memberValues(added.body)).toEqual([...userIds].sort());
    const again = await patch([{ op: 'add', path: 'members', value: [{ value: userIds[0] }] }]);
    expect(memberValues(again.body)).toEqual([...userIds].sort());

    const removed = await patch([{ op: 'Remove', path: 'members', value: [{ value: userIds[0] }] }]);
    expect(memberValues(removed.body)).toEqual([userIds[1], userIds[2]].sort());
    const filtered = await patch([{ op: 'remove', path: `members[value eq "${userIds[1]}"]` }]);
    expect(memberValues(filtered.body)).toEqual([userIds[2]]);
    const replaced = await patch([
      { op: 'replace', path: 'members', value: [{ value: userIds[0] }] },
      { op: 'Replace', path: 'displayName', value: 'Drill team B' },
    ]);
    expect(replaced.body).toMatchObject({ displayName: 'Drill team B', members: [{ value: userIds[0] }] });
    expect((await patch([{ op: 'replace', path: 'displayName', value: 'x' }])).body).toEqual(
      scimErrorShape(400, 'invalidValue'),
    );
    expect((await patch([{ op: 'move', path: 'displayName', value: 'y' }])).status).toBe(400);

    const put = await scim('PUT', `/Groups/${made.id}`, {
      schemas: [GROUP_SCHEMA],
      displayName: 'Drill team C',
      externalId: 'grp-c',
      members: [{ value: userIds[1] }, { value: userIds[2] }],
    });
    expect(put.body).toMatchObject({ displayName: 'Drill team C', externalId: 'grp-c' });
    expect(memberValues(put.body)).toEqual([userIds[1], userIds[2]].sort());
    expect(
      await api.db.auditLog.count({ where: { entityId: made.id, action: 'directory.teamUpdated' } }),
    ).toBeGreaterThan(3);

    expect((await scim('DELETE', `/Groups/${made.id}`)).status).toBe(204);
    expect(await api.db.team.findUnique({ where: { id: made.id } })).toBeNull();
    expect((await scim('GET', `/Groups/${made.id}`)).status).toBe(404);
    expect(await api.db.membership.count({ where: { userId: { in: userIds }, deletedAt: null } })).toBe(3);
  });

  it('keeps managed teams read-only in the product and product teams out of SCIM', async () => {
    const managed = (await scim('POST', '/Groups', { displayName: 'Managed team', members: [{ value: userIds[0] }] }))
      .body;
    const admin = { token: setup.admin.token };
    const rename = await api.call('PUT', `/api/teams/${managed.id}`, { ...admin, body: { name: 'Renamed' } });
    expect(rename.status).toBe(403);
    expect(rename.body.code).toBe('managed');
    expect((await api.call('DELETE', `/api/teams/${managed.id}`, admin)).status).toBe(403);

    const other = await createMember(api.db, setup.company.id, 'user');
    const productTeam = await api.call('POST', '/api/teams', { ...admin, body: { name: 'Product team' } });
    expect(productTeam.status).toBe(201);
    expect((await scim('GET', `/Groups/${productTeam.body.id}`)).status).toBe(404);
    expect(
      (await scim('POST', '/Groups', { displayName: 'Has product member', members: [{ value: other.user.id }] }))
        .status,
    ).toBe(201);
  });
});
