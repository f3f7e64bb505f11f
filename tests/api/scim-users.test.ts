import { describe, it, expect, beforeAll } from '@jest/globals';
import { createSession } from '@/lib/auth/create-session';
import { useApiTestContext } from '../helpers/api-test-context';
import { createScimCompany, PATCH_OP, SCIM_JSON, scimCall, scimErrorShape } from '../helpers/scim';

// SCIM 2.0 Users (issue 20): a User is a managed member of the key's company. RFC 7643 / 7644, Entra's dialect.

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

describe('SCIM /Users', () => {
  const api = useApiTestContext();
  let setup: Awaited<ReturnType<typeof createScimCompany>>;
  const scim = (method: string, path: string, body?: unknown) => scimCall(api, setup.key, method, path, body);

  beforeAll(async () => {
    setup = await createScimCompany(api);
  });

  function user(userName: string, extra: Record<string, unknown> = {}) {
    return { schemas: [USER_SCHEMA], userName, active: true, name: { formatted: `Person ${userName}` }, ...extra };
  }

  it('creates a managed member with name, e-mail, normalised mobile, role user and the externalId', async () => {
    const made = await scim(
      'POST',
      '/Users',
      user('Kari.Nordmann@Example.test', {
        externalId: 'ext-kari',
        name: { givenName: 'Kari', familyName: 'Nordmann' },
        phoneNumbers: [
          { type: 'work', value: '+4722222222' },
          { type: 'mobile', value: '912 34 567' },
        ],
      }),
    );
    expect(made.status).toBe(201);
    expect(made.headers.get('content-type')).toContain(SCIM_JSON);
    expect(made.body).toMatchObject({
      schemas: [USER_SCHEMA],
      externalId: 'ext-kari',
      userName: 'Kari.Nordmann@Example.test',
      name: { formatted: 'Kari Nordmann', givenName: 'Kari', familyName: 'Nordmann' },
      active: true,
      emails: [{ value: 'kari.nordmann@example.test', type: 'work', primary: true }],
      phoneNumbers: [{ value: '+4791234567', type: 'mobile' }],
      meta: { resourceType: 'User', location: `/scim/v2/Users/${made.body.id}` },
    });
    const membership = await api.db.membership.findFirstOrThrow({
      where: { companyId: setup.company.id, userId: made.body.id },
      include: { user: true },
    });
    expect(membership).toMatchObject({ managed: true, role: 'user', externalId: 'ext-kari', deletedAt: null });
    expect(membership.user).toMatchObject({ name: 'Kari Nordmann', phone: '+4791234567' });
    const audit = await api.db.auditLog.findFirst({
      where: { companyId: setup.company.id, action: 'directory.memberProvisioned', entityId: made.body.id },
    });
    expect(audit?.data).toMatchObject({ keyPrefix: setup.key.slice(0, 8) });

    const again = await scim('POST', '/Users', user('kari.nordmann@example.test'));
    expect(again.status).toBe(409);
    expect(again.body).toEqual(scimErrorShape(409, 'uniqueness'));
    expect(again.headers.get('content-type')).toContain(SCIM_JSON);
  });

  it('provisions what it can use and notes the rest; refuses only a user without an e-mail, or not JSON', async () => {
    const badPhone = await scim(
      'POST',
      '/Users',
      user('bad@example.test', { phoneNumbers: [{ type: 'mobile', value: '12' }] }),
    );
    expect(badPhone.status).toBe(201);
    expect(badPhone.body.phoneNumbers).toEqual([{ type: 'mobile', value: '12' }]);
    expect((await api.db.user.findUniqueOrThrow({ where: { id: badPhone.body.id } })).phone).toBeNull();
    const logged = await api.db.directoryRequest.findFirstOrThrow({
      where: { companyId: setup.company.id, resourceId: badPhone.body.id },
    });
    expect(logged.notes).toEqual([{ kind: 'mobileNotValid', value: '12', country: 'NO' }]);
    const noEmail = await scim('POST', '/Users', user('not-an-email'));
    expect(noEmail.body).toEqual(scimErrorShape(400, 'invalidValue'));
    const noUserName = await scim('POST', '/Users', { schemas: [USER_SCHEMA], emails: [] });
    expect(noUserName.status).toBe(400);
    expect(noUserName.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    const notJson = await api.call('POST', '/scim/v2/Users', {
      rawBody: '{"userName":',
      headers: { Authorization: `Bearer ${setup.key}`, 'Content-Type': SCIM_JSON },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.status).toBe('400');
    const nul = await scim('POST', '/Users', user('nul@example.test', { displayName: 'A\u0000B' }));
    expect(nul.body).toEqual(scimErrorShape(400, 'invalidValue'));
    const plainJson = await api.call('POST', '/scim/v2/Users', {
      body: user('plain-json@example.test'),
      headers: { Authorization: `Bearer ${setup.key}`, 'Content-Type': 'application/json' },
    });
    expect(plainJson.status).toBe(201);
  });

  it('gets, filters and pages', async () => {
    const made = await Promise.all(
      ['filter-a', 'filter-b', 'filter-c'].map(
        async (name) =>
          (await scim('POST', '/Users', user(`${name}@example.test`, { externalId: `x-${name}`, displayName: name })))
            .body,
      ),
    );
    expect((await scim('GET', `/Users/${made[0].id}`)).body).toEqual(made[0]);
    expect((await scim('GET', '/Users/00000000-0000-4000-8000-000000000000')).body).toEqual(scimErrorShape(404));
    expect((await scim('GET', '/Users/not-a-uuid')).status).toBe(404);

    const ids = async (filter: string) => {
      const answer = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(answer.status).toBe(200);
      return answer.body.Resources.map((resource: { id: string }) => resource.id).sort();
    };
    expect(await ids('userName eq "FILTER-A@example.test"')).toEqual([made[0].id]);
    expect(await ids('externalId eq "x-filter-b"')).toEqual([made[1].id]);
    expect(await ids('emails[type eq "work"].value eq "filter-c@example.test"')).toEqual([made[2].id]);
    expect(made[0].displayName).toBe('filter-a');
    expect(await ids('displayName eq "filter-a"')).toEqual([made[0].id]);
    expect(await ids('userName eq "filter-a@example.test" or externalId eq "x-filter-c"')).toEqual(
      [made[0].id, made[2].id].sort(),
    );
    expect(await ids('userName eq "filter-a@example.test" and externalId eq "x-filter-c"')).toEqual([]);
    const bad = await scim('GET', `/Users?filter=${encodeURIComponent('userName co "a"')}`);
    expect(bad.body).toEqual(scimErrorShape(400, 'invalidFilter'));
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`)).body.scimType).toBe(
      'invalidFilter',
    );

    const all = (await scim('GET', '/Users')).body;
    const page = await scim('GET', '/Users?startIndex=2&count=2');
    expect(page.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: all.totalResults,
      itemsPerPage: 2,
      startIndex: 2,
      Resources: all.Resources.slice(1, 3),
    });
    expect((await scim('GET', '/Users?count=0')).body).toMatchObject({ totalResults: all.totalResults, Resources: [] });
    // Members added in the product are not the directory's.
    expect(all.Resources.map((resource: { id: string }) => resource.id)).not.toContain(setup.admin.user.id);
  });

  it('replaces with PUT and patches, deactivation ending sessions, then restores and deletes', async () => {
    const made = (
      await scim('POST', '/Users', user('patch@example.test', { name: { givenName: 'Per', familyName: 'Hansen' } }))
    ).body;
    const put = await scim('PUT', `/Users/${made.id}`, user('patch@example.test', { name: { formatted: 'Per Put' } }));
    expect(put.status).toBe(200);
    expect(put.body.name.formatted).toBe('Per Put');

    const patched = await scim('PATCH', `/Users/${made.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', path: 'name.givenName', value: 'Pål' },
        { op: 'replace', path: 'name.familyName', value: 'Olsen' },
        { op: 'add', path: 'phoneNumbers[type eq "mobile"].value', value: '+47 913 45 678' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: { formatted: 'Pål Olsen' }, phoneNumbers: [{ value: '+4791345678' }] });
    const badPatch = await scim('PATCH', `/Users/${made.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'phoneNumbers[type eq "mobile"].value', value: 'not a phone' }],
    });
    expect(badPatch.status).toBe(200);
    expect(badPatch.body.phoneNumbers).toEqual([{ type: 'mobile', value: 'not a phone' }]);
    expect((await api.db.user.findUniqueOrThrow({ where: { id: made.id } })).phone).toBeNull();

    const { token } = await createSession(api.db, { userId: made.id, extended: false, now: new Date() });
    expect((await api.call('GET', '/api/me', { token })).status).toBe(200);
    const off = await scim('PATCH', `/Users/${made.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.body.active).toBe(false);
    const membership = () => api.db.membership.findFirst({ where: { companyId: setup.company.id, userId: made.id } });
    expect((await membership())?.deletedAt).not.toBeNull();
    expect((await api.call('GET', '/api/me', { token })).status).toBe(440);
    const session = await api.db.session.findFirstOrThrow({ where: { userId: made.id } });
    expect(session.revokedReason).toBe('removedFromCompany');
    expect(
      (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "patch@example.test"')}`)).body.Resources[0]
        .active,
    ).toBe(false);

    const on = await scim('PATCH', `/Users/${made.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.body.active).toBe(true);
    expect((await membership())?.deletedAt).toBeNull();

    const deleted = await scim('DELETE', `/Users/${made.id}`);
    expect(deleted.status).toBe(204);
    expect(await membership()).toBeNull();
    expect((await scim('GET', `/Users/${made.id}`)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${made.id}`)).status).toBe(404);
    // The account was the directory's: it goes with the user, so that no later user with the e-mail inherits it.
    expect(await api.db.user.findUnique({ where: { id: made.id } })).toBeNull();
  });

  it('refuses a member beyond the seats with 403 and a detail saying so, and keeps managed members read-only in the product', async () => {
    const used = await api.db.membership.count({ where: { companyId: setup.company.id, deletedAt: null } });
    await api.db.company.update({ where: { id: setup.company.id }, data: { includedSeats: used } });
    const refused = await scim('POST', '/Users', user('seat@example.test'));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(scimErrorShape(403));
    expect(refused.body.detail).toMatch(/seats/);
    const inactive = await scim('POST', '/Users', user('inactive@example.test', { active: false }));
    expect(inactive.status).toBe(201);
    const reactivate = await scim('PATCH', `/Users/${inactive.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(reactivate.status).toBe(403);
    await api.db.company.update({ where: { id: setup.company.id }, data: { includedSeats: 50 } });

    const managed = (await scim('POST', '/Users', user('readonly@example.test'))).body;
    const admin = { token: setup.admin.token };
    const edit = await api.call('PUT', `/api/accounts/${managed.id}`, { ...admin, body: { name: 'Changed Name' } });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('managed');
    const remove = await api.call('DELETE', `/api/accounts/${managed.id}/soft-delete`, admin);
    expect(remove.status).toBe(403);
    expect(remove.body.code).toBe('managed');
  });
});
