import { describe, it, expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

describe('teams API', () => {
  const api = useApiTestContext();

  /** A company with an admin, three members (one with a photo and the app) and a stranger in another company. */
  async function arrange() {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const anna = await createMember(api.db, company.id, 'user', 'Anna Berg');
    const bo = await createMember(api.db, company.id, 'user', 'Bo Carlsen');
    const cid = await createMember(api.db, company.id, 'user', 'Cid Dahl');
    const stranger = await createMember(api.db, other.id, 'admin', 'Sten Stranger');
    await api.db.user.update({
      where: { id: anna.user.id },
      data: { profilePhotoKey: `profile-photos/${anna.user.id}/a.png` },
    });
    await api.db.device.create({
      data: { userId: anna.user.id, name: 'Anna phone', platform: 'android', pushToken: `token-${randomUUID()}` },
    });
    // A device without a push token or subscription does not count as having the app.
    await api.db.device.create({ data: { userId: bo.user.id, name: 'Bo old phone', platform: 'ios' } });
    return { company, other, admin, anna, bo, cid, stranger };
  }

  async function createTeam(token: string, body: object) {
    const response = await api.call('POST', '/api/teams', { token, body });
    expect(response.status).toBe(201);
    return response.body;
  }

  it('creates, lists, reads, renames and deletes a team', async () => {
    const { admin, anna, bo, cid } = await arrange();
    const created = await createTeam(admin.token, {
      name: '  Night shift ',
      description: 'Building B after 22:00',
      members: [{ userId: bo.user.id }, { userId: anna.user.id }, { userId: anna.user.id }],
    });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Night shift',
      description: 'Building B after 22:00',
      managed: false,
      membersCount: 2,
      members: [{ userId: anna.user.id }, { userId: bo.user.id }],
      profilePhotos: [],
    });
    const empty = await createTeam(admin.token, { name: 'Day shift', description: '   ' });
    expect(empty).toMatchObject({ description: null, membersCount: 0, members: [] });
    await createTeam(admin.token, { name: 'all hands', members: [{ userId: cid.user.id }] });

    const list = await api.call('GET', '/api/teams?profilePhotosCount=3', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, pageSize: 1000, total: 3 });
    expect(list.body.teams.map((team: { name: string }) => team.name)).toEqual([
      'all hands',
      'Day shift',
      'Night shift',
    ]);
    const night = list.body.teams[2];
    expect(night.profilePhotos).toHaveLength(1);
    expect(new URL(night.profilePhotos[0]).pathname).toBe(`/api/files/profile-photos/${anna.user.id}/a.png`);
    const withoutPhotos = await api.call('GET', '/api/teams', { token: admin.token });
    expect(withoutPhotos.body.teams[2].profilePhotos).toEqual([]);
    const paged = await api.call('GET', '/api/teams?page=2&pageSize=2', { token: admin.token });
    expect(paged.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(paged.body.teams.map((team: { name: string }) => team.name)).toEqual(['Night shift']);

    const one = await api.call('GET', `/api/teams/${created.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: created.id, name: 'Night shift', membersCount: 2 });
    expect(one.body.people).toEqual([
      {
        userId: anna.user.id,
        name: 'Anna Berg',
        email: anna.user.email,
        phone: anna.user.phone,
        profilePhoto: expect.any(String),
        hasApp: true,
      },
      {
        userId: bo.user.id,
        name: 'Bo Carlsen',
        email: bo.user.email,
        phone: bo.user.phone,
        profilePhoto: null,
        hasApp: false,
      },
    ]);

    const renamed = await api.call('PUT', `/api/teams/${created.id}`, {
      token: admin.token,
      body: { name: 'NIGHT SHIFT', description: 'Everyone on nights' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: created.id,
      name: 'NIGHT SHIFT',
      description: 'Everyone on nights',
      membersCount: 2,
    });

    const deleted = await api.call('DELETE', `/api/teams/${created.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expect((await api.call('GET', `/api/teams/${created.id}`, { token: admin.token })).status).toBe(404);
    // The people stay in the company.
    expect(
      await api.db.membership.count({ where: { userId: { in: [anna.user.id, bo.user.id] }, deletedAt: null } }),
    ).toBe(2);
  });

  it.each([
    ['no name', {}, 'name is required'],
    ['a blank name', { name: '   ' }, 'name is required'],
    ['a name of 2 characters', { name: 'AB' }, 'name must be at least 3 characters'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name cannot be longer than 100 characters'],
    [
      'a description of 501 characters',
      { name: 'Valid name', description: 'x'.repeat(501) },
      'description cannot be longer than 500 characters',
    ],
    [
      'a member id that is no id',
      { name: 'Valid name', members: [{ userId: 'not-an-id' }] },
      'members.0.userId is not valid',
    ],
  ])('POST /api/teams answers 400 for %s', async (_case, body, message) => {
    const { admin } = await arrange();
    const response = await api.call('POST', '/api/teams', { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });

  it('refuses a duplicate name in any case with 409 teamExists, but allows it in another company', async () => {
    const { admin, stranger } = await arrange();
    const first = await createTeam(admin.token, { name: 'Fire wardens' });
    const second = await createTeam(admin.token, { name: 'First aid' });
    for (const name of ['Fire wardens', 'fire WARDENS', '  FIRE wardens  ']) {
      const duplicate = await api.call('POST', '/api/teams', { token: admin.token, body: { name } });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.code).toBe('teamExists');
    }
    const renamed = await api.call('PUT', `/api/teams/${second.id}`, {
      token: admin.token,
      body: { name: 'FIRE Wardens', description: null },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('teamExists');
    // A team keeps its own name in another case.
    expect(
      (await api.call('PUT', `/api/teams/${first.id}`, { token: admin.token, body: { name: 'FIRE WARDENS' } })).status,
    ).toBe(200);
    expect(
      (await api.call('POST', '/api/teams', { token: stranger.token, body: { name: 'Fire wardens' } })).status,
    ).toBe(201);
  });

  it('lets only one of three simultaneous creations of one name (in any case) through', async () => {
    const { admin } = await arrange();
    const answers = await Promise.all(
      ['Evacuation', 'EVACUATION', 'Evacuation'].map((name) =>
        api.call('POST', '/api/teams', { token: admin.token, body: { name } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'teamExists')).toBe(
      true,
    );
  });

  it('PUT validates the name', async () => {
    const { admin } = await arrange();
    const team = await createTeam(admin.token, { name: 'Cleaners' });
    const short = await api.call('PUT', `/api/teams/${team.id}`, {
      token: admin.token,
      body: { name: 'Ab', description: null },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual(['name must be at least 3 characters']);
    const missing = await api.call('PUT', `/api/teams/${team.id}`, {
      token: admin.token,
      body: { description: 'only' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(['name is required']);
    expect((await api.call('GET', '/api/teams/not-a-uuid', { token: admin.token })).status).toBe(400);
  });

  it('adds and removes members; present members are ignored, others must be active members of the company', async () => {
    const { admin, anna, bo, cid, stranger } = await arrange();
    const team = await createTeam(admin.token, { name: 'Guards', members: [{ userId: anna.user.id }] });
    const added = await api.call('POST', '/api/teams/members', {
      token: admin.token,
      body: { teamId: team.id, members: [{ userId: anna.user.id }, { userId: bo.user.id }, { userId: cid.user.id }] },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      id: team.id,
      membersCount: 3,
      members: [{ userId: anna.user.id }, { userId: bo.user.id }, { userId: cid.user.id }],
    });

    const removed = await api.call('DELETE', '/api/teams/members', {
      token: admin.token,
      body: { teamId: team.id, members: [{ userId: bo.user.id }] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.members).toEqual([{ userId: anna.user.id }, { userId: cid.user.id }]);

    for (const method of ['POST', 'DELETE']) {
      const foreignUser = await api.call(method, '/api/teams/members', {
        token: admin.token,
        body: { teamId: team.id, members: [{ userId: stranger.user.id }] },
      });
      expect(foreignUser.status).toBe(400);
      expect(foreignUser.body).toMatchObject({ code: 'unknownMember', userIds: [stranger.user.id] });
      const unknownUser = await api.call(method, '/api/teams/members', {
        token: admin.token,
        body: { teamId: team.id, members: [{ userId: randomUUID() }] },
      });
      expect(unknownUser.body.code).toBe('unknownMember');
      const empty = await api.call(method, '/api/teams/members', {
        token: admin.token,
        body: { teamId: team.id, members: [] },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual(['members is required']);
    }
    const atCreation = await api.call('POST', '/api/teams', {
      token: admin.token,
      body: { name: 'Mixed', members: [{ userId: stranger.user.id }] },
    });
    expect(atCreation.status).toBe(400);
    expect(atCreation.body.code).toBe('unknownMember');
    expect(await api.db.team.count({ where: { name: 'Mixed' } })).toBe(0);

    // A soft-deleted member cannot be added, and no longer counts in the team.
    await api.db.membership.updateMany({ where: { userId: cid.user.id }, data: { deletedAt: new Date() } });
    const deletedMember = await api.call('POST', '/api/teams/members', {
      token: admin.token,
      body: { teamId: team.id, members: [{ userId: cid.user.id }] },
    });
    expect(deletedMember.body.code).toBe('unknownMember');
    const after = await api.call('GET', `/api/teams/${team.id}`, { token: admin.token });
    expect(after.body).toMatchObject({ membersCount: 1, members: [{ userId: anna.user.id }] });
    expect(after.body.people.map((person: { userId: string }) => person.userId)).toEqual([anna.user.id]);
  });

  it('counts the distinct active members of several teams', async () => {
    const { admin, anna, bo, cid, stranger } = await arrange();
    const one = await createTeam(admin.token, {
      name: 'Team one',
      members: [{ userId: anna.user.id }, { userId: bo.user.id }],
    });
    const two = await createTeam(admin.token, {
      name: 'Team two',
      members: [{ userId: bo.user.id }, { userId: cid.user.id }],
    });
    const count = (query: string) => api.call('GET', `/api/teams/unique-member-count${query}`, { token: admin.token });
    expect((await count(`?ids=${one.id}&ids=${two.id}`)).body).toEqual({ count: 3 });
    expect((await count(`?ids=${one.id}`)).body).toEqual({ count: 2 });
    expect((await count(`?ids=${one.id}&ids=${one.id}`)).body).toEqual({ count: 2 });
    expect((await count('')).body).toEqual({ count: 0 });
    await api.db.membership.updateMany({ where: { userId: bo.user.id }, data: { deletedAt: new Date() } });
    expect((await count(`?ids=${one.id}&ids=${two.id}`)).body).toEqual({ count: 2 });

    const foreign = await createTeam(stranger.token, { name: 'Their team' });
    expect((await count(`?ids=${one.id}&ids=${foreign.id}`)).status).toBe(404);
    expect((await count(`?ids=${randomUUID()}`)).status).toBe(404);
    expect((await count('?ids=nonsense')).status).toBe(400);
  });

  it("answers 404 for another company's team on every team route", async () => {
    const { admin, stranger, anna } = await arrange();
    const foreign = await createTeam(stranger.token, { name: 'Their team' });
    const calls: [string, string, object?][] = [
      ['GET', `/api/teams/${foreign.id}`],
      ['PUT', `/api/teams/${foreign.id}`, { name: 'Taken over', description: null }],
      ['DELETE', `/api/teams/${foreign.id}`],
      ['POST', '/api/teams/members', { teamId: foreign.id, members: [{ userId: anna.user.id }] }],
      ['DELETE', '/api/teams/members', { teamId: foreign.id, members: [{ userId: anna.user.id }] }],
      ['GET', `/api/teams/${randomUUID()}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await api.call(method, path, { token: admin.token, body });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
    }
    expect((await api.db.team.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe('Their team');
  });

  it('refuses every change to a team managed by the directory with 403 managed', async () => {
    const { admin, company, anna, bo } = await arrange();
    const managed = await api.db.team.create({
      data: {
        companyId: company.id,
        name: 'Directory team',
        managed: true,
        externalId: 'aad-1',
        members: { create: [{ userId: anna.user.id }] },
      },
    });
    const read = await api.call('GET', `/api/teams/${managed.id}`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ managed: true, membersCount: 1 });
    const calls: [string, string, object?][] = [
      ['PUT', `/api/teams/${managed.id}`, { name: 'Renamed', description: null }],
      ['DELETE', `/api/teams/${managed.id}`],
      ['POST', '/api/teams/members', { teamId: managed.id, members: [{ userId: bo.user.id }] }],
      ['DELETE', '/api/teams/members', { teamId: managed.id, members: [{ userId: anna.user.id }] }],
    ];
    for (const [method, path, body] of calls) {
      const response = await api.call(method, path, { token: admin.token, body });
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'managed',
      });
    }
    const unchanged = await api.db.team.findUniqueOrThrow({ where: { id: managed.id }, include: { members: true } });
    expect(unchanged.name).toBe('Directory team');
    expect(unchanged.members.map((member) => member.userId)).toEqual([anna.user.id]);
  });

  it('is for admins only (403 otherwise) and needs a session (401)', async () => {
    const { admin, anna, company } = await arrange();
    const team = await createTeam(admin.token, { name: 'Admins only' });
    const teamadmin = await createMember(api.db, company.id, 'teamadmin');
    const owner = await createMember(api.db, company.id, 'owner');
    expect((await api.call('GET', '/api/teams', { token: owner.token })).status).toBe(200);
    const calls: [string, string, object?][] = [
      ['GET', '/api/teams'],
      ['POST', '/api/teams', { name: 'Sneaky' }],
      ['GET', `/api/teams/unique-member-count?ids=${team.id}`],
      ['GET', `/api/teams/${team.id}`],
      ['PUT', `/api/teams/${team.id}`, { name: 'Sneaky', description: null }],
      ['DELETE', `/api/teams/${team.id}`],
      ['POST', '/api/teams/members', { teamId: team.id, members: [{ userId: anna.user.id }] }],
      ['DELETE', '/api/teams/members', { teamId: team.id, members: [{ userId: anna.user.id }] }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [anna.token, teamadmin.token]) {
        const response = await api.call(method, path, { token, body });
        expect({ method, path, status: response.status, code: response.body.code }).toEqual({
          method,
          path,
          status: 403,
          code: undefined,
        });
      }
      expect((await api.call(method, path, { body })).status).toBe(401);
    }
    expect(await api.db.team.count({ where: { companyId: company.id } })).toBe(1);
  });
});
