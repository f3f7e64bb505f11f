import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createSession } from '@/lib/auth/create-session';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import {
  ADDITION_COMMIT_GRACE_MS,
  AdditionNotCommittedYet,
  sendMemberNotices,
} from '@/lib/members/send-member-notices';
import { latestEmail, PASSWORD } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { waitFor } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { uniquePhone } from '../helpers/phone';
import { startWorkerBeside, type TestWorker } from '../helpers/test-worker';

const DAY = 24 * 60 * 60 * 1000;
let serial = 0;
/** A valid new row: a unique e-mail and Norwegian mobile number. */
function row(name = `New Person ${++serial}`, extra: Record<string, string> = {}) {
  serial += 1;
  const unique = `${Date.now().toString(36)}${serial}`;
  return {
    name,
    email: `new-${unique}@example.test`,
    phone: uniquePhone(),
    ...extra,
  };
}

async function freeCompanyWith(db: PrismaClient, members: number) {
  const company = await db.company.create({
    data: { name: 'Free AS', plan: 'free', includedSeats: 5, activatedAt: new Date() },
  });
  const owner = await createMember(db, company.id, 'owner', 'Olga Owner');
  for (let i = 1; i < members; i += 1) await createMember(db, company.id);
  return { company, owner };
}

describe('GET /api/users and /api/users/with-soft-deleted', () => {
  const api = useApiTestContext();

  it('lists the active members by name with seats for an admin, and only name and photo for others', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Berit Admin');
    const anna = await createMember(api.db, company.id, 'user', 'Anna Andersen');
    const removed = await createMember(api.db, company.id, 'user', 'Carl Removed');
    await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
    await api.db.device.create({
      data: { userId: anna.user.id, name: 'Phone', platform: 'android', pushToken: `token-${anna.user.id}` },
    });
    await api.db.device.create({ data: { userId: admin.user.id, name: 'Old phone', platform: 'ios' } });
    const stranger = await createMember(api.db, (await createCompany(api.db)).id);

    const asAdmin = await api.call('GET', '/api/users', { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({
      users: [
        {
          userId: anna.user.id,
          name: 'Anna Andersen',
          email: anna.user.email,
          phone: anna.user.phone,
          role: 'user',
          managed: false,
          softDeleted: false,
          deletedAt: null,
          invitedAt: null,
          restorableUntil: null,
          hasApp: true,
          lastTestReceivedAt: null,
          pushLost: false,
          profilePhoto: null,
          smsOptOut: null,
        },
        expect.objectContaining({ userId: admin.user.id, name: 'Berit Admin', role: 'admin', hasApp: false }),
      ],
      page: 1,
      pageSize: 1000,
      total: 2,
      seats: { used: 2, max: 50 },
    });
    expect(JSON.stringify(asAdmin.body)).not.toContain(stranger.user.id);

    const asUser = await api.call('GET', '/api/users', { token: anna.token });
    expect(asUser.body).toEqual({
      users: [
        { userId: anna.user.id, name: 'Anna Andersen', profilePhoto: null },
        { userId: admin.user.id, name: 'Berit Admin', profilePhoto: null },
      ],
      page: 1,
      pageSize: 1000,
      total: 2,
    });
  });

  it('pages, and refuses a bad page size', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    await createMember(api.db, company.id, 'user', 'Bo Berg');
    await createMember(api.db, company.id, 'user', 'Cy Carlsen');
    const second = await api.call('GET', '/api/users?page=2&pageSize=2', { token: admin.token });
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.body.users.map((user: { name: string }) => user.name)).toEqual(['Cy Carlsen']);
    const bad = await api.call('GET', '/api/users?pageSize=1001', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['pageSize is not valid']);
  });

  it('adds removed members with their restore deadline for admins only', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'superAdmin', 'Ada Admin');
    const user = await createMember(api.db, company.id, 'user', 'Bo Berg');
    const removed = await createMember(api.db, company.id, 'user', 'Cy Carlsen');
    const deletedAt = new Date('2026-11-01T10:00:00.000Z');
    await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt } });
    const response = await api.call('GET', '/api/users/with-soft-deleted', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, seats: { used: 2, max: 50 } });
    expect(response.body.users[2]).toMatchObject({
      userId: removed.user.id,
      softDeleted: true,
      deletedAt: deletedAt.toISOString(),
      restorableUntil: '2027-01-30T10:00:00.000Z',
    });
    expect((await api.call('GET', '/api/users/with-soft-deleted', { token: user.token })).status).toBe(403);
  });

  it('answers 401 without a session and 403 to a removed member or for another company', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    expect((await api.call('GET', '/api/users')).status).toBe(401);
    expect((await api.call('GET', '/api/users/with-soft-deleted')).status).toBe(401);
    expect((await api.call('GET', '/api/users', { token: admin.token, customerId: other.id })).status).toBe(403);
    await api.db.membership.updateMany({ where: { userId: admin.user.id }, data: { deletedAt: new Date() } });
    expect((await api.call('GET', '/api/users', { token: admin.token })).status).toBe(403);
  });
});

describe('PUT /api/accounts (validate an import)', () => {
  const api = useApiTestContext();

  it('reports each row: new, existing elsewhere, already a member, and every kind of problem, saving nothing', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id);
    const removed = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
    const elsewhere = await createMember(api.db, (await createCompany(api.db)).id);
    const someoneElse = await createMember(api.db, (await createCompany(api.db)).id);
    const fresh = row();
    const rows = [
      fresh,
      { name: 'Elsa Elsewhere', email: elsewhere.user.email.toUpperCase(), phone: elsewhere.user.phone! },
      { name: 'Mona Member', email: member.user.email, phone: member.user.phone! },
      { ...row(), name: 'Al' },
      { ...row(), email: 'not-an-email' },
      { ...row(), phone: '12345' },
      { ...row(), phone: '+7 912 345-67-89' },
      { ...row(), role: 'owner' },
      { ...row(), role: 'superAdmin' },
      { ...row(), email: fresh.email },
      { ...row(), email: someoneElse.user.email },
      { name: 'Rita Removed', email: removed.user.email, phone: removed.user.phone! },
      { ...row(), role: 'admin' },
    ];
    const usersBefore = await api.db.user.count();
    const response = await api.call('PUT', '/api/accounts', { token: admin.token, body: { users: rows } });
    expect(response.status).toBe(200);
    expect(response.body.rows.map((r: { status: string; codes: string[] }) => [r.status, r.codes])).toEqual([
      ['new', []],
      ['existing', []],
      ['member', []],
      ['invalid', ['nameTooShort']],
      ['invalid', ['emailInvalid']],
      ['invalid', ['phoneInvalid']],
      ['invalid', ['dialCode']],
      ['invalid', ['roleNotAllowed']],
      ['invalid', ['roleNotAllowed']],
      ['invalid', ['duplicateInFile']],
      ['invalid', ['identityMismatch']],
      ['invalid', ['removedMember']],
      ['new', []],
    ]);
    expect(response.body.rows[6]).toEqual({
      index: 6,
      status: 'invalid',
      codes: ['dialCode'],
      errors: ['The dial code +7 is not allowed'],
    });
    expect(response.body.rows[3].errors).toEqual(['name must be at least 3 characters']);
    expect(response.body.summary).toEqual({ new: 2, existing: 1, member: 1, invalid: 9 });
    expect(response.body.seats).toEqual({ used: 2, max: 50, available: 48 });
    expect(await api.db.user.count()).toBe(usersBefore);
  });

  it('lets a superAdmin give the superAdmin role, and refuses bad batches, users and strangers', async () => {
    const company = await createCompany(api.db);
    const superAdmin = await createMember(api.db, company.id, 'superAdmin');
    const user = await createMember(api.db, company.id, 'user');
    const granted = await api.call('PUT', '/api/accounts', {
      token: superAdmin.token,
      body: { users: [row('Sam Super', { role: 'superAdmin' })] },
    });
    expect(granted.body.rows[0]).toMatchObject({ status: 'new', codes: [] });
    const tooMany = await api.call('PUT', '/api/accounts', {
      token: superAdmin.token,
      body: { users: Array.from({ length: 1001 }, () => row()) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('batchTooLarge');
    const empty = await api.call('PUT', '/api/accounts', { token: superAdmin.token, body: { users: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(['users is required']);
    const badType = await api.call('PUT', '/api/accounts', { token: superAdmin.token, body: { users: [{ name: 5 }] } });
    expect(badType.status).toBe(400);
    expect((await api.call('PUT', '/api/accounts', { token: user.token, body: { users: [row()] } })).status).toBe(403);
    expect((await api.call('POST', '/api/accounts', { token: user.token, body: { users: [row()] } })).status).toBe(403);
    expect((await api.call('PUT', '/api/accounts', { body: { users: [row()] } })).status).toBe(401);
    expect((await api.call('POST', '/api/accounts', { body: { users: [row()] } })).status).toBe(401);
  });
});

describe('POST /api/accounts (add)', () => {
  let worker: TestWorker | undefined;
  // Declared before the API test context, so the worker stops before its database is dropped.
  afterAll(async () => worker?.stop());
  const api = useApiTestContext();
  // The e-mails to added people are composed by the worker (lib/members/send-member-notices.ts).
  beforeAll(async () => {
    worker = await startWorkerBeside(api, { WORKER_QUEUES: 'email' });
  });

  it('adds new and existing people, skips members, fails bad rows, and e-mails the invitations', async () => {
    const company = await createCompany(api.db, { name: 'Fjord Rescue' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id);
    const elsewhere = await createMember(api.db, (await createCompany(api.db)).id);
    await api.db.user.update({ where: { id: elsewhere.user.id }, data: { passwordHash: 'set' } });
    const fresh = row('Nina Ny', { role: 'admin' });
    const rows = [
      fresh,
      { name: 'Elsa Elsewhere', email: elsewhere.user.email, phone: elsewhere.user.phone! },
      { name: 'Mona', email: member.user.email, phone: member.user.phone! },
      { ...row(), phone: '1' },
    ];
    const response = await api.call('POST', '/api/accounts', { token: admin.token, body: { users: rows } });
    expect(response.status).toBe(200);
    const created = await api.db.user.findUniqueOrThrow({ where: { email: fresh.email } });
    expect(created).toMatchObject({ name: 'Nina Ny', phone: fresh.phone, passwordHash: null });
    expect(response.body).toEqual({
      added: [
        { index: 0, userId: created.id },
        { index: 1, userId: elsewhere.user.id },
      ],
      skipped: [{ index: 2, codes: ['member'] }],
      failed: [{ index: 3, codes: ['phoneInvalid'], errors: ['phone is not valid'] }],
    });
    const list = await api.call('GET', '/api/users', { token: admin.token });
    expect(list.body.users.find((u: { userId: string }) => u.userId === created.id)).toMatchObject({
      role: 'admin',
      softDeleted: false,
      hasApp: false,
    });
    expect(list.body.seats.used).toBe(4);

    const invitation = await waitFor('the invitation', () => latestEmail(api.db, fresh.email));
    expect(invitation?.subject).toBe('You are invited to Fjord Rescue on Tocsin');
    expect(invitation?.body).toContain('Ada Admin has added you to Fjord Rescue');
    expect(invitation?.link).toContain(`${api.url}/confirmEmail?token=`);
    const token = await api.db.authToken.findFirstOrThrow({ where: { userId: created.id, kind: 'invitation' } });
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(7 * DAY);
    const setPassword = await api.call('PUT', '/api/password/update', {
      body: { token: invitation!.token, password: PASSWORD },
    });
    expect(setPassword.status).toBe(200);
    expect((await api.db.user.findUniqueOrThrow({ where: { id: created.id } })).emailConfirmedAt).not.toBeNull();
    const login = await api.call('POST', '/api/login', { body: { email: fresh.email, password: PASSWORD } });
    expect(login.status).toBe(200);

    const notice = await waitFor('the notice', () => latestEmail(api.db, elsewhere.user.email));
    expect(notice?.subject).toBe('You were added to Fjord Rescue on Tocsin');
    expect(notice?.link).toBe(`${api.url}/login`);

    const again = await api.call('POST', '/api/accounts', { token: admin.token, body: { users: rows } });
    expect(again.body.added).toEqual([]);
    expect(again.body.skipped.map((s: { index: number }) => s.index)).toEqual([0, 1, 2]);
    expect(await api.db.membership.count({ where: { companyId: company.id } })).toBe(4);
  });

  it('never adds a person twice when the same rows are posted at the same time', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const rows = Array.from({ length: 20 }, () => row());
    const [first, second] = await Promise.all([
      api.call('POST', '/api/accounts', { token: admin.token, body: { users: rows } }),
      api.call('POST', '/api/accounts', { token: admin.token, body: { users: rows } }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.added.length + second.body.added.length).toBe(20);
    expect(first.body.skipped.length + second.body.skipped.length).toBe(20);
    expect(await api.db.membership.count({ where: { companyId: company.id } })).toBe(21);
    expect(await api.db.user.count({ where: { email: { in: rows.map((r) => r.email) } } })).toBe(20);
  });

  it('refuses rows past the free seats and adds nothing, also when two requests race for the last seat', async () => {
    const { company, owner } = await freeCompanyWith(api.db, 4);
    const usersBefore = await api.db.user.count();
    const full = await api.call('POST', '/api/accounts', { token: owner.token, body: { users: [row(), row()] } });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'seatLimit', seatsAvailable: 1, seatsNeeded: 2 });
    expect(full.body.errors[0]).toContain('Buy extra seats or contact sales');
    expect(await api.db.user.count()).toBe(usersBefore);
    const validated = await api.call('PUT', '/api/accounts', { token: owner.token, body: { users: [row()] } });
    expect(validated.body.seats).toEqual({ used: 4, max: 5, available: 1 });

    const race = await Promise.all(
      [row(), row()].map((one) => api.call('POST', '/api/accounts', { token: owner.token, body: { users: [one] } })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await api.db.membership.count({ where: { companyId: company.id, deletedAt: null } })).toBe(5);
  });
});

describe('PUT /api/accounts/{userId} (name and role)', () => {
  const api = useApiTestContext();

  it('changes a role and the name of an invited person who has not set up the account', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const invited = await createMember(api.db, company.id, 'user', 'Typo Nmae');
    const response = await api.call('PUT', `/api/accounts/${invited.user.id}`, {
      token: admin.token,
      body: { name: 'Typo Name', role: 'teamadmin' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      userId: invited.user.id,
      name: 'Typo Name',
      role: 'teamadmin',
      softDeleted: false,
    });
    const own = await api.call('PUT', `/api/accounts/${admin.user.id}`, {
      token: admin.token,
      body: { name: 'Ada Renamed' },
    });
    expect(own.body.name).toBe('Ada Renamed');
  });

  it("refuses names and roles that are not the admin's to change", async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const superAdmin = await createMember(api.db, company.id, 'superAdmin');
    const owner = await createMember(api.db, company.id, 'owner');
    const person = await createMember(api.db, company.id);
    await api.db.user.update({ where: { id: person.user.id }, data: { passwordHash: 'set' } });
    const invitedElsewhere = await createMember(api.db, company.id);
    await api.db.membership.create({
      data: { companyId: (await createCompany(api.db)).id, userId: invitedElsewhere.user.id },
    });
    const put = (token: string, userId: string, body: object) =>
      api.call('PUT', `/api/accounts/${userId}`, { token, body });

    expect((await put(admin.token, person.user.id, { name: 'Someone Else' })).body).toMatchObject({
      code: 'nameNotEditable',
    });
    expect((await put(admin.token, invitedElsewhere.user.id, { name: 'Someone Else' })).status).toBe(403);
    expect((await put(admin.token, person.user.id, { role: 'owner' })).body.code).toBe('roleNotAllowed');
    expect((await put(admin.token, person.user.id, { role: 'superAdmin' })).body.code).toBe('roleNotAllowed');
    expect((await put(admin.token, superAdmin.user.id, { role: 'user' })).body.code).toBe('roleNotAllowed');
    expect((await put(admin.token, admin.user.id, { role: 'user' })).body.code).toBe('ownRole');
    const promoted = await put(owner.token, person.user.id, { role: 'superAdmin' });
    expect(promoted.body.role).toBe('superAdmin');
    expect((await put(superAdmin.token, owner.user.id, { role: 'admin' })).body.role).toBe('admin');
    expect((await put(admin.token, person.user.id, { name: 'Al' })).status).toBe(400);
    expect((await put(admin.token, person.user.id, { role: 'boss' })).status).toBe(400);
  });

  it('answers 403 managed, 404 for removed and foreign people, 403 to users and 401 without a session', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const user = await createMember(api.db, company.id);
    const managed = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: managed.user.id }, data: { managed: true } });
    const removed = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
    const stranger = await createMember(api.db, (await createCompany(api.db)).id);
    const body = { role: 'admin' };
    const managedAnswer = await api.call('PUT', `/api/accounts/${managed.user.id}`, { token: admin.token, body });
    expect([managedAnswer.status, managedAnswer.body.code]).toEqual([403, 'managed']);
    expect((await api.call('PUT', `/api/accounts/${removed.user.id}`, { token: admin.token, body })).status).toBe(404);
    expect((await api.call('PUT', `/api/accounts/${stranger.user.id}`, { token: admin.token, body })).status).toBe(404);
    expect((await api.db.membership.findFirstOrThrow({ where: { userId: stranger.user.id } })).role).toBe('user');
    expect(
      (await api.call('PUT', `/api/accounts/${admin.user.id}`, { token: user.token, body: { name: 'Hacker Name' } }))
        .status,
    ).toBe(403);
    expect((await api.call('PUT', `/api/accounts/${user.user.id}`, { body })).status).toBe(401);
  });
});

describe('DELETE /api/accounts/{id}/soft-delete and PATCH /api/accounts/{id}/restore', () => {
  const api = useApiTestContext();

  it('removes a member: company routes refuse them and, with no other company, every session ends; restore brings them back', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const person = await createMember(api.db, company.id);
    const removed = await api.call('DELETE', `/api/accounts/${person.user.id}/soft-delete`, { token: admin.token });
    expect([removed.status, removed.body]).toEqual([200, {}]);
    expect((await api.call('GET', '/api/users', { token: person.token })).status).toBe(440);
    const list = await api.call('GET', '/api/users/with-soft-deleted', { token: admin.token });
    expect(list.body.users.find((u: { userId: string }) => u.userId === person.user.id)).toMatchObject({
      softDeleted: true,
      deletedAt: expect.any(String),
    });
    expect((await api.call('GET', '/api/users', { token: admin.token })).body.total).toBe(1);
    expect(
      (await api.call('DELETE', `/api/accounts/${person.user.id}/soft-delete`, { token: admin.token })).status,
    ).toBe(404);

    const restored = await api.call('PATCH', `/api/accounts/${person.user.id}/restore`, { token: admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      userId: person.user.id,
      softDeleted: false,
      deletedAt: null,
      restorableUntil: null,
    });
    const { token } = await createSession(api.db, { userId: person.user.id, extended: false, now: new Date() });
    expect((await api.call('GET', '/api/users', { token })).status).toBe(200);
    expect((await api.call('PATCH', `/api/accounts/${person.user.id}/restore`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('keeps the sessions of a person who is still in another company, who gets 403 here only', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const person = await createMember(api.db, company.id);
    await api.db.membership.create({ data: { companyId: other.id, userId: person.user.id } });
    expect(
      (await api.call('DELETE', `/api/accounts/${person.user.id}/soft-delete`, { token: admin.token })).status,
    ).toBe(200);
    expect((await api.call('GET', '/api/users', { token: person.token, customerId: company.id })).status).toBe(403);
    expect((await api.call('GET', '/api/users', { token: person.token, customerId: other.id })).status).toBe(200);
  });

  it('refuses managed members, oneself, the last owner, foreign ids, users and visitors', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const owner = await createMember(api.db, company.id, 'owner');
    const superAdmin = await createMember(api.db, company.id, 'superAdmin');
    const user = await createMember(api.db, company.id);
    const managed = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: managed.user.id }, data: { managed: true } });
    const stranger = await createMember(api.db, (await createCompany(api.db)).id);
    const remove = (token: string | undefined, userId: string) =>
      api.call('DELETE', `/api/accounts/${userId}/soft-delete`, { token });

    expect((await remove(admin.token, managed.user.id)).body.code).toBe('managed');
    expect((await remove(admin.token, admin.user.id)).body).toMatchObject({ code: 'ownAccount' });
    expect((await remove(admin.token, superAdmin.user.id)).body.code).toBe('roleNotAllowed');
    expect((await remove(owner.token, superAdmin.user.id)).status).toBe(200);
    const lastOwner = await remove(admin.token, owner.user.id);
    expect([lastOwner.status, lastOwner.body.code]).toEqual([409, 'lastOwner']);
    expect((await remove(admin.token, stranger.user.id)).status).toBe(404);
    expect((await api.db.membership.findFirstOrThrow({ where: { userId: stranger.user.id } })).deletedAt).toBeNull();
    expect((await remove(user.token, admin.user.id)).status).toBe(403);
    expect((await remove(undefined, user.user.id)).status).toBe(401);
    expect((await remove(admin.token, 'not-a-uuid')).status).toBe(400);
  });

  it('restores only within 90 days, with a free seat, for admins of the company', async () => {
    const { company, owner } = await freeCompanyWith(api.db, 5);
    const user = await createMember(api.db, company.id);
    await api.db.membership.updateMany({
      where: { userId: user.user.id },
      data: { deletedAt: new Date(Date.now() - 89 * DAY) },
    });
    const full = await api.call('PATCH', `/api/accounts/${user.user.id}/restore`, { token: owner.token });
    expect([full.status, full.body.code, full.body.seatsAvailable]).toEqual([409, 'seatLimit', 0]);

    const leaving = await api.db.membership.findFirstOrThrow({
      where: { companyId: company.id, role: 'user', deletedAt: null },
    });
    expect(
      (await api.call('DELETE', `/api/accounts/${leaving.userId}/soft-delete`, { token: owner.token })).status,
    ).toBe(200);
    expect((await api.call('PATCH', `/api/accounts/${user.user.id}/restore`, { token: owner.token })).status).toBe(200);

    await api.db.membership.updateMany({
      where: { userId: leaving.userId },
      data: { deletedAt: new Date(Date.now() - 90 * DAY - 60_000) },
    });
    const expired = await api.call('PATCH', `/api/accounts/${leaving.userId}/restore`, { token: owner.token });
    expect([expired.status, expired.body.code]).toEqual([410, 'restoreExpired']);

    const managed = await createMember(api.db, company.id);
    await api.db.membership.updateMany({
      where: { userId: managed.user.id },
      data: { managed: true, deletedAt: new Date() },
    });
    const managedAnswer = await api.call('PATCH', `/api/accounts/${managed.user.id}/restore`, { token: owner.token });
    expect([managedAnswer.status, managedAnswer.body.code]).toEqual([403, 'managed']);
    expect((await api.db.membership.findFirstOrThrow({ where: { userId: managed.user.id } })).deletedAt).not.toBeNull();

    const stranger = await createMember(api.db, (await createCompany(api.db)).id);
    await api.db.membership.updateMany({ where: { userId: stranger.user.id }, data: { deletedAt: new Date() } });
    expect((await api.call('PATCH', `/api/accounts/${stranger.user.id}/restore`, { token: owner.token })).status).toBe(
      404,
    );
    expect((await api.call('PATCH', `/api/accounts/${leaving.userId}/restore`, { token: user.token })).status).toBe(
      403,
    );
    expect((await api.call('PATCH', `/api/accounts/${leaving.userId}/restore`)).status).toBe(401);
  });
});

describe('the e-mails job of an addition (queued inside its transaction)', () => {
  const api = useApiTestContext();

  it('is retried while the addition is not visible, and sends nothing once it must have rolled back', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const outsider = await api.db.user.create({
      data: { name: 'Not Added', email: `not-added-${serial++}@example.test` },
    });
    const job = {
      companyId: company.id,
      inviterId: admin.user.id,
      userIds: [outsider.id],
      addedAt: new Date().toISOString(),
    };
    const queuedAt = new Date();
    await expect(sendMemberNotices(api.db, job, queuedAt, queuedAt)).rejects.toBeInstanceOf(AdditionNotCommittedYet);
    const afterGrace = new Date(queuedAt.getTime() + ADDITION_COMMIT_GRACE_MS + 1000);
    await expect(sendMemberNotices(api.db, job, queuedAt, afterGrace)).resolves.toEqual({ invitations: 0, notices: 0 });
    expect(await api.db.authToken.count({ where: { userId: outsider.id } })).toBe(0);
    expect(await api.db.outboundMessage.count({ where: { recipient: outsider.email } })).toBe(0);
  });
});
