import { describe, it, expect, beforeAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createAccount, latestEmail, PASSWORD } from '../helpers/accounts';
import { createCompany, createMember } from '../helpers/fixtures';
import { uniquePhone } from '../helpers/phone';
import { createScimCompany, PATCH_OP, scimCall } from '../helpers/scim';

// Issue 32: a directory key acts on its own company only. Each of the four findings of the review is replayed here
// (each failed on the code before the fix), then every SCIM route with company A's key against company B's people in
// each state. A directory fully manages only the accounts it made; a person with an account of their own is invited.

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

describe('SCIM across companies', () => {
  const api = useApiTestContext();
  let a: Awaited<ReturnType<typeof createScimCompany>>;
  let b: Awaited<ReturnType<typeof createScimCompany>>;
  const scimA = (method: string, path: string, body?: unknown) => scimCall(api, a.key, method, path, body);
  const scimB = (method: string, path: string, body?: unknown) => scimCall(api, b.key, method, path, body);

  beforeAll(async () => {
    a = await createScimCompany(api);
    b = await createScimCompany(api);
  });

  function user(email: string, extra: Record<string, unknown> = {}) {
    return { schemas: [USER_SCHEMA], userName: email, active: true, name: { formatted: 'Mallory Attacker' }, ...extra };
  }

  /** A person of B with a password, a device and a recorded position, as B's people are. */
  async function personOfB() {
    const person = await createAccount(api.db, { companyId: b.company.id });
    const device = await api.db.device.create({
      data: { userId: person.id, name: 'Phone', platform: 'android', pushToken: `token-${person.id}` },
    });
    await api.db.position.create({ data: { userId: person.id, deviceId: device.id, lat: 59.9, lng: 10.7 } });
    return person;
  }

  /** Everything of a person that B sees or relies on. */
  async function whatBRelies(userId: string) {
    const account = await api.db.user.findUnique({
      where: { id: userId },
      select: { id: true, email: true, name: true, phone: true, passwordHash: true, use2FA: true, locale: true },
    });
    const membershipOfB = await api.db.membership.findUnique({
      where: { companyId_userId: { companyId: b.company.id, userId } },
      select: {
        role: true,
        deletedAt: true,
        invitedAt: true,
        managed: true,
        directoryActive: true,
        directoryName: true,
      },
    });
    const devices = await api.db.device.findMany({ where: { userId }, select: { id: true, pushToken: true } });
    const positions = await api.db.position.count({ where: { userId } });
    const sessions = await api.db.session.count({ where: { userId, revokedAt: null } });
    const teams = await api.db.teamMember.findMany({ where: { userId }, select: { teamId: true } });
    const auditOfB = await api.db.auditLog.count({ where: { companyId: b.company.id } });
    return { account, membershipOfB, devices, positions, sessions, teams, auditOfB };
  }

  it('finding 1: naming the e-mail of B’s person invites them; their name, mobile and data stay B’s and theirs', async () => {
    const person = await personOfB();
    const before = await whatBRelies(person.id);
    const attached = await scimA(
      'POST',
      '/Users',
      user(person.email, { phoneNumbers: [{ type: 'mobile', value: '+4790000001' }] }),
    );
    expect(attached.status).toBe(201);
    // The answer is the directory's own values, nothing of the account.
    expect(attached.body).toMatchObject({
      userName: person.email,
      name: { formatted: 'Mallory Attacker' },
      phoneNumbers: [{ value: '+4790000001', type: 'mobile' }],
      active: true,
    });
    expect(JSON.stringify(attached.body)).not.toContain(person.name);
    expect(await whatBRelies(person.id)).toEqual(before);
    const withoutPhone = await scimA('PUT', `/Users/${attached.body.id}`, user(person.email));
    expect(withoutPhone.status).toBe(200);
    expect(await whatBRelies(person.id)).toEqual(before);

    // B's list shows the person as they are; A's shows an invitation with A's own values, and cannot reach them.
    const listB = await api.call('GET', '/api/users', { token: b.admin.token });
    expect(listB.body.users).toContainEqual(
      expect.objectContaining({ userId: person.id, name: person.name, phone: person.phone }),
    );
    const listA = await api.call('GET', '/api/users', { token: a.admin.token });
    expect(listA.body.users.map((member: { userId: string }) => member.userId)).not.toContain(person.id);
    const removedA = await api.call('GET', '/api/users/with-soft-deleted', { token: a.admin.token });
    expect(removedA.body.users.find((member: { userId: string }) => member.userId === person.id)).toMatchObject({
      name: 'Mallory Attacker',
      email: person.email,
      phone: null,
      invitedAt: expect.any(String),
      hasApp: false,
      profilePhoto: null,
    });
    const reach = await api.call('POST', '/api/alerts/target/reach', {
      token: a.admin.token,
      body: { alertTarget: { users: [person.id] } },
    });
    expect(reach.status).toBe(400);
    const restore = await api.call('PATCH', `/api/accounts/${person.id}/restore`, { token: a.admin.token });
    expect(restore.status).toBe(403);

    // The person is asked, by an e-mail recorded in no company's outbox (A's admins must not read its link).
    const invitation = await latestEmail(api.db, person.email);
    expect(invitation).toMatchObject({
      companyId: null,
      subject: `${a.company.name} invites you to join them on Tocsin`,
    });
    expect(invitation?.link).toContain('/joinCompany?token=');
    expect(await api.db.outboundMessage.count({ where: { companyId: a.company.id, recipient: person.email } })).toBe(0);
    // Their own name stays theirs to change.
    const login = await api.call('POST', '/api/login', { body: { email: person.email, password: PASSWORD } });
    const renamed = await api.call('PUT', '/api/me/name', { token: login.body.token, body: { name: 'Bea Own' } });
    expect(renamed.status).toBe(200);

    // Opening the link changes nothing; accepting joins A, and A's directory still writes none of the account.
    const read = await api.call('POST', '/api/invitation/membership', { body: { token: invitation!.token } });
    expect(read.body).toEqual({ companyName: a.company.name, email: person.email });
    const accepted = await api.call('POST', '/api/invitation/membership/accept', {
      body: { token: invitation!.token },
    });
    expect(accepted.status).toBe(200);
    expect((await api.call('GET', '/api/users', { token: a.admin.token })).body.users).toContainEqual(
      expect.objectContaining({ userId: person.id, name: 'Bea Own', phone: person.phone }),
    );
    const again = await api.call('POST', '/api/invitation/membership/accept', { body: { token: invitation!.token } });
    expect(again.body.code).toBe('linkExpired');
    await scimA('PATCH', `/Users/${person.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+4790000002' },
        { op: 'replace', path: 'name.formatted', value: 'Overwritten' },
      ],
    });
    const after = await api.db.user.findUniqueOrThrow({ where: { id: person.id } });
    expect(after).toMatchObject({ name: 'Bea Own', phone: person.phone, email: person.email });
  });

  it('a company’s invitation is void once the directory withdraws it or the account’s e-mail is another', async () => {
    const withdrawn = await personOfB();
    const invited = await scimA('POST', '/Users', user(withdrawn.email));
    const link = (await latestEmail(api.db, withdrawn.email))!.token!;
    await scimA('PATCH', `/Users/${invited.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    const accept = (token: string) => api.call('POST', '/api/invitation/membership/accept', { body: { token } });
    expect((await accept(link)).body.code).toBe('linkExpired');
    expect((await api.call('POST', '/api/invitation/membership', { body: { token: link } })).body.code).toBe(
      'linkExpired',
    );

    const moved = await personOfB();
    await scimA('POST', '/Users', user(moved.email));
    const movedLink = (await latestEmail(api.db, moved.email))!.token!;
    await api.db.user.update({ where: { id: moved.id }, data: { email: `moved-${moved.email}` } });
    expect((await accept(movedLink)).body.code).toBe('linkExpired');
    const memberships = await api.db.membership.findMany({
      where: { userId: { in: [withdrawn.id, moved.id] }, companyId: a.company.id },
    });
    expect(memberships.map((membership) => membership.invitedAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('finding 2: a removed person of B attached by A cannot have their sign-in e-mail moved to one A reads', async () => {
    const person = await personOfB();
    const removed = await api.call('DELETE', `/api/accounts/${person.id}/soft-delete`, { token: b.admin.token });
    expect(removed.status).toBe(200);
    const before = await whatBRelies(person.id);
    const attached = await scimA('POST', '/Users', user(person.email));
    expect(attached.status).toBe(201);
    const moved = await scimA('PATCH', `/Users/${attached.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', path: 'userName', value: 'mallory@attacker.test' },
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'mallory@attacker.test' },
      ],
    });
    expect(moved.status).toBe(200);
    expect(await whatBRelies(person.id)).toEqual(before);
    await api.call('PUT', '/api/password/reset', { body: { email: 'mallory@attacker.test' } });
    expect(await latestEmail(api.db, 'mallory@attacker.test')).toBeNull();
    // B restores the person: A has no session of B's admin, nor of the person.
    expect((await api.call('PATCH', `/api/accounts/${person.id}/restore`, { token: b.admin.token })).status).toBe(200);
    const attacker = await api.call('POST', '/api/login', {
      body: { email: 'mallory@attacker.test', password: PASSWORD },
    });
    expect(attacker.status).toBe(401);
  });

  it('finding 3: a deleted directory user’s account goes with it; a later user with the e-mail elsewhere starts anew', async () => {
    const made = await scimA('POST', '/Users', user('inherit@example.test', { name: { formatted: 'Ina Herit' } }));
    const first = made.body.id as string;
    const device = await api.db.device.create({
      data: { userId: first, name: 'Phone', platform: 'android', pushToken: `token-${first}` },
    });
    await api.db.position.create({ data: { userId: first, deviceId: device.id, lat: 60, lng: 11 } });
    await api.db.user.update({ where: { id: first }, data: { passwordHash: 'a-hash-the-person-chose' } });
    expect((await scimA('DELETE', `/Users/${first}`)).status).toBe(204);
    expect(await api.db.user.findUnique({ where: { id: first } })).toBeNull();
    expect(await api.db.position.count({ where: { userId: first } })).toBe(0);

    const later = await scimB('POST', '/Users', user('inherit@example.test', { name: { formatted: 'Ina Later' } }));
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first);
    const account = await api.db.user.findUniqueOrThrow({ where: { id: later.body.id } });
    expect(account).toMatchObject({ passwordHash: null, directoryCompanyId: b.company.id, name: 'Ina Later' });
    expect(await api.db.device.count({ where: { userId: later.body.id } })).toBe(0);

    // A person's own account is never deleted by a directory: only the membership goes.
    const own = await createAccount(api.db, { companyId: b.company.id });
    const linked = await scimA('POST', '/Users', user(own.email));
    expect((await scimA('DELETE', `/Users/${linked.body.id}`)).status).toBe(204);
    expect(await api.db.user.findUnique({ where: { id: own.id } })).not.toBeNull();
    expect(
      await api.db.membership.findUnique({ where: { companyId_userId: { companyId: b.company.id, userId: own.id } } }),
    ).toMatchObject({ deletedAt: null });
  });

  it('finding 4: the answers are the same whether an e-mail or a mobile number exists elsewhere or not', async () => {
    const person = await personOfB();
    const newcomer = `new-${Date.now()}@example.test`;
    const shape = (body: Record<string, unknown>) => {
      const { id: _id, meta: _meta, userName: _userName, emails: _emails, ...rest } = body;
      return rest;
    };
    const known = await scimA(
      'POST',
      '/Users',
      user(person.email, { phoneNumbers: [{ type: 'mobile', value: person.phone }] }),
    );
    const unknown = await scimA(
      'POST',
      '/Users',
      user(newcomer, { phoneNumbers: [{ type: 'mobile', value: person.phone }] }),
    );
    const free = await scimA(
      'POST',
      '/Users',
      user(`free-${Date.now()}@example.test`, { phoneNumbers: [{ type: 'mobile', value: uniquePhone() }] }),
    );
    expect([known.status, unknown.status, free.status]).toEqual([201, 201, 201]);
    expect(shape(known.body)).toEqual(shape(unknown.body));
    expect(Object.keys(free.body).sort()).toEqual(Object.keys(unknown.body).sort());
    // B's person keeps their number; the newcomer is provisioned without it, and A's log says so.
    expect((await api.db.user.findUniqueOrThrow({ where: { id: person.id } })).phone).toBe(person.phone);
    expect((await api.db.user.findUniqueOrThrow({ where: { id: unknown.body.id } })).phone).toBeNull();

    // A full company answers the same for both, too.
    const used = await api.db.membership.count({ where: { companyId: a.company.id, deletedAt: null } });
    await api.db.company.update({ where: { id: a.company.id }, data: { includedSeats: used } });
    const fullKnown = await scimA('POST', '/Users', user((await personOfB()).email));
    const fullUnknown = await scimA('POST', '/Users', user(`full-${Date.now()}@example.test`));
    expect([fullKnown.status, fullUnknown.status]).toEqual([403, 403]);
    expect(fullKnown.body.detail).toBe(fullUnknown.body.detail);
    await api.db.company.update({ where: { id: a.company.id }, data: { includedSeats: 50 } });
  });

  it('changes nothing of B with A’s key, whatever the state of B’s person, team or id', async () => {
    const active = await personOfB();
    const removed = await personOfB();
    await api.call('DELETE', `/api/accounts/${removed.id}/soft-delete`, { token: b.admin.token });
    const elsewhere = await createMember(api.db, (await createCompany(api.db)).id);
    const pendingInB = (await scimB('POST', '/Users', user(elsewhere.user.email))).body.id as string;
    const deactivated = (await scimB('POST', '/Users', user(`off-${Date.now()}@example.test`))).body.id as string;
    await scimB('PATCH', `/Users/${deactivated}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    const deletedOwn = await personOfB();
    await scimB('POST', '/Users', user(deletedOwn.email));
    await scimB('DELETE', `/Users/${deletedOwn.id}`);
    const team = (
      await scimB('POST', '/Groups', { displayName: `B team ${Date.now()}`, members: [{ value: active.id }] })
    ).body.id as string;
    const people = { active: active.id, removed: removed.id, pendingInB, deactivated, deletedOwn: deletedOwn.id };

    for (const [state, userId] of Object.entries(people)) {
      const before = await whatBRelies(userId);
      const teamBefore = await api.db.teamMember.findMany({ where: { teamId: team }, select: { userId: true } });
      const email = (await api.db.user.findUniqueOrThrow({ where: { id: userId } })).email;
      const byId = [
        await scimA('GET', `/Users/${userId}`),
        await scimA('PUT', `/Users/${userId}`, user(email)),
        await scimA('PATCH', `/Users/${userId}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        }),
        await scimA('DELETE', `/Users/${userId}`),
        await scimA('GET', `/Groups/${team}`),
        await scimA('PATCH', `/Groups/${team}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'add', path: 'members', value: [{ value: userId }] }],
        }),
        await scimA('PUT', `/Groups/${team}`, { displayName: 'Taken over', members: [] }),
        await scimA('DELETE', `/Groups/${team}`),
      ];
      expect({ state, statuses: byId.map((answer) => answer.status) }).toEqual({
        state,
        statuses: [404, 404, 404, 404, 404, 404, 404, 404],
      });
      const group = await scimA('POST', '/Groups', {
        displayName: `A ${state} ${Date.now()}`,
        members: [{ value: userId }],
      });
      expect({ state, status: group.status }).toEqual({ state, status: 400 });
      const filtered = await scimA('GET', `/Users?filter=${encodeURIComponent(`emails.value eq "${email}"`)}`);
      expect(filtered.body.totalResults).toBe(0);

      const byEmail = await scimA(
        'POST',
        '/Users',
        user(email, { phoneNumbers: [{ type: 'mobile', value: '+4790000009' }] }),
      );
      expect({ state, status: byEmail.status }).toEqual({ state, status: 201 });
      await scimA('PATCH', `/Users/${byEmail.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'replace', path: 'emails[type eq "work"].value', value: `taken-${state}@attacker.test` },
          { op: 'replace', path: 'active', value: false },
        ],
      });
      await scimA('DELETE', `/Users/${byEmail.body.id}`);
      expect({ state, after: await whatBRelies(userId) }).toEqual({ state, after: before });
      expect(await api.db.teamMember.findMany({ where: { teamId: team }, select: { userId: true } })).toEqual(
        teamBefore,
      );
    }
  });
});
