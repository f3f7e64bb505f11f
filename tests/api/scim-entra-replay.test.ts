import { describe, it, expect, beforeAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createScimCompany, SCIM_JSON, scimCall } from '../helpers/scim';

// One provisioning cycle of Microsoft Entra ID, replayed with the request bodies Microsoft documents for its
// provisioning service ("Tutorial: Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID", and the
// older dialect of "Known issues and resolutions with SCIM 2.0 protocol compliance"): each answer's status and shape.

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USER_NAME = 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1';

describe("Entra's provisioning cycle", () => {
  const api = useApiTestContext();
  let key: string;
  const entra = (method: string, path: string, body?: unknown) => scimCall(api, key, method, path, body);

  beforeAll(async () => {
    ({ key } = await createScimCompany(api));
  });

  it('creates, finds, patches, groups, disables and deletes a user as Entra does', async () => {
    const byUserName = `/Users?filter=userName+eq+%22${USER_NAME}%22`;
    const none = await entra('GET', byUserName);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ schemas: [LIST], totalResults: 0, itemsPerPage: 0, startIndex: 1, Resources: [] });

    const created = await entra('POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: USER_NAME,
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain(SCIM_JSON);
    expect(created.body).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: expect.any(String),
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: USER_NAME,
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      displayName: 'givenName familyName',
      active: true,
      emails: [{ value: 'test_user_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com', type: 'work', primary: true }],
      meta: {
        resourceType: 'User',
        created: expect.any(String),
        lastModified: expect.any(String),
        location: `/scim/v2/Users/${created.body.id}`,
      },
    });
    const id = created.body.id as string;

    const found = await entra('GET', byUserName);
    expect(found.body).toMatchObject({ schemas: [LIST], totalResults: 1, itemsPerPage: 1, startIndex: 1 });
    expect(found.body.Resources).toEqual([created.body]);
    const byMail = await entra(
      'GET',
      `/Users?filter=emails%5Btype%20eq%20%22work%22%5D.value%20eq%20%22Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e%40testuser.com%22`,
    );
    expect(byMail.body.Resources.map((user: { id: string }) => user.id)).toEqual([id]);
    expect((await entra('GET', '/Users?filter=userName+eq+%22non-existent%20user%22')).body.totalResults).toBe(0);

    const patched = await entra('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      name: { formatted: 'givenName updatedFamilyName', familyName: 'updatedFamilyName' },
      emails: [{ value: 'updatedemail@microsoft.com', type: 'work', primary: true }],
    });
    const renamed = await entra('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'userName', value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com' }],
    });
    expect(renamed.body.userName).toBe('5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com');
    // The older dialect: a path-less value object with paths for keys, booleans as strings, the enterprise extension.
    const older = await entra('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        {
          op: 'Add',
          value: {
            'name.formatted': 'Updated Formatted Name',
            'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber': '42',
          },
        },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Sales' },
        { op: 'Replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+4791234000' },
      ],
    });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({
      name: { formatted: 'Updated Formatted Name' },
      phoneNumbers: [{ value: '+4791234000', type: 'mobile' }],
    });
    expect(JSON.stringify(older.body)).not.toContain('Sales');

    const group = await entra('POST', '/Groups', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:Group',
        'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group',
      ],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'displayName',
      meta: { resourceType: 'Group' },
    });
    expect(group.status).toBe(201);
    expect(group.body).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      id: expect.any(String),
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'displayName',
      members: [],
      meta: {
        resourceType: 'Group',
        created: expect.any(String),
        lastModified: expect.any(String),
        location: `/scim/v2/Groups/${group.body.id}`,
      },
    });
    const groupFound = await entra('GET', '/Groups?excludedAttributes=members&filter=displayName+eq+%22displayName%22');
    expect(groupFound.body).toMatchObject({ totalResults: 1, Resources: [{ id: group.body.id }] });
    const addMember = await entra('PATCH', `/Groups/${group.body.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: id }] }],
    });
    expect(addMember.status).toBe(200);
    expect(addMember.body.members).toEqual([{ value: id, display: 'Updated Formatted Name' }]);

    const disabled = await entra('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', value: { active: 'False' } }],
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.active).toBe(false);
    const compliant = await entra('PATCH', `/Users/${id}`, {
      Operations: [{ op: 'Replace', path: 'active', value: false }],
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    });
    expect(compliant.body.active).toBe(false);

    const deleted = await entra('DELETE', `/Users/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    const gone = await entra('GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ schemas: [ERROR], status: '404', detail: expect.any(String) });
    expect((await entra('GET', `/Groups/${group.body.id}`)).body.members).toEqual([]);
    expect((await entra('DELETE', `/Groups/${group.body.id}`)).status).toBe(204);
  });

  it('provisions realistic enterprise users: UPN and mail apart, short or no names, foreign and shared numbers, disabled group members', async () => {
    const tenant = await createScimCompany(api);
    const send = (method: string, path: string, body?: unknown) => scimCall(api, tenant.key, method, path, body);
    const entraUser = (upn: string, mail: string, extra: Record<string, unknown>) => ({
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: upn.split('@')[0],
      userName: upn,
      active: true,
      emails: [{ primary: true, type: 'work', value: mail }],
      meta: { resourceType: 'User' },
      roles: [],
      ...extra,
    });
    const shared = '+4791112233';
    const people = {
      li: entraUser('li@contoso.onmicrosoft.com', 'Li.Wei@contoso.test', {
        displayName: 'Li',
        name: { givenName: 'Li', familyName: '' },
        phoneNumbers: [{ type: 'mobile', value: '312-320-1707' }],
      }),
      nameless: entraUser('svc-desk@contoso.onmicrosoft.com', 'service.desk@contoso.test', {
        phoneNumbers: [{ type: 'mobile', value: 'n/a' }],
      }),
      first: entraUser('anna@contoso.onmicrosoft.com', 'anna.berg@contoso.test', {
        displayName: 'Anna Berg (Ops)',
        name: { givenName: 'Anna', familyName: 'Berg' },
        phoneNumbers: [{ type: 'mobile', value: '911 12 233' }],
      }),
      sharing: entraUser('bo@contoso.onmicrosoft.com', 'bo.lund@contoso.test', {
        displayName: 'Bo Lund',
        name: { givenName: 'Bo', familyName: 'Lund' },
        phoneNumbers: [{ type: 'mobile', value: shared }],
      }),
    };
    const ids: Record<string, string> = {};
    for (const [key, body] of Object.entries(people)) {
      const made = await send('POST', '/Users', body);
      expect({ key, status: made.status }).toEqual({ key, status: 201 });
      ids[key] = made.body.id;
    }
    const account = (key: string) => api.db.user.findUniqueOrThrow({ where: { id: ids[key] } });
    // The mail address, not the UPN, is where e-mails go and what Microsoft sign-in matches.
    expect(await account('li')).toMatchObject({ email: 'li.wei@contoso.test', name: 'Li', phone: null });
    expect(await account('nameless')).toMatchObject({ email: 'service.desk@contoso.test', name: 'service.desk' });
    expect(await account('first')).toMatchObject({ name: 'Anna Berg', phone: shared });
    expect(await account('sharing')).toMatchObject({ name: 'Bo Lund', phone: null });
    const li = await send('GET', `/Users/${ids.li}`);
    expect(li.body).toMatchObject({
      userName: 'li@contoso.onmicrosoft.com',
      displayName: 'Li',
      phoneNumbers: [{ type: 'mobile', value: '312-320-1707' }],
    });
    const byDisplayName = await send('GET', `/Users?filter=${encodeURIComponent('displayName eq "Anna Berg (Ops)"')}`);
    expect(byDisplayName.body.Resources.map((one: { id: string }) => one.id)).toEqual([ids.first]);
    const log = await api.call('GET', '/api/azureAd/log', { token: tenant.admin.token });
    const notes = log.body.entries.flatMap((entry: { notes: unknown[] }) => entry.notes);
    expect(notes).toEqual(
      expect.arrayContaining([
        { kind: 'mobileNotValid', value: '312-320-1707', country: 'NO' },
        { kind: 'mobileNotValid', value: 'n/a', country: 'NO' },
        { kind: 'mobileTaken', value: shared },
      ]),
    );

    // A PATCH of the work e-mail is applied to the account the directory made.
    const moved = await send('PATCH', `/Users/${ids.first}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: 'anna.lind@contoso.test' }],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.emails).toEqual([{ value: 'anna.lind@contoso.test', type: 'work', primary: true }]);
    expect((await account('first')).email).toBe('anna.lind@contoso.test');

    // A group keeps its disabled members; later group changes succeed for the others.
    const group = await send('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Night shift',
      members: [{ value: ids.li }, { value: ids.first }],
    });
    expect(group.status).toBe(201);
    const disabled = await send('PATCH', `/Users/${ids.li}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.body.active).toBe(false);
    const patchGroup = (Operations: unknown[]) =>
      send('PATCH', `/Groups/${group.body.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations,
      });
    expect((await patchGroup([{ op: 'Add', path: 'members', value: [{ value: ids.sharing }] }])).status).toBe(200);
    expect((await patchGroup([{ op: 'Remove', path: `members[value eq "${ids.first}"]` }])).status).toBe(200);
    const replaced = await patchGroup([
      { op: 'Replace', path: 'members', value: [{ value: ids.li }, { value: ids.nameless }] },
    ]);
    expect(replaced.status).toBe(200);
    expect(replaced.body.members.map((one: { value: string }) => one.value).sort()).toEqual(
      [ids.li, ids.nameless].sort(),
    );
    // Disabled: no alerts through the team; the membership is inactive.
    const reach = await api.call('POST', '/api/alerts/target/reach', {
      token: tenant.admin.token,
      body: { alertTarget: { teams: [group.body.id] } },
    });
    expect(reach.body.reach).toBe(1);
    const membership = await api.db.membership.findFirstOrThrow({
      where: { companyId: tenant.company.id, userId: ids.li },
    });
    expect(membership.deletedAt).not.toBeNull();
  });
});
