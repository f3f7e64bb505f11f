import { describe, it, expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

const MINUTE = 60_000;

describe('the API contract on GET /api/me', () => {
  const api = useApiTestContext();

  it('answers 401 with { errors } when no token is sent', async () => {
    const response = await api.call('GET', '/api/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ errors: [expect.any(String)] });
  });

  it('answers 401 for a token that does not exist', async () => {
    const response = await api.call('GET', '/api/me', { token: 'not-a-real-token' });
    expect(response.status).toBe(401);
  });

  it('answers 200 with the user, the company and the role for a valid session', async () => {
    const company = await createCompany(api.db, { name: 'Fjord Safety', plan: 'professional', features: ['mission'] });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const response = await api.call('GET', '/api/me', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      id: admin.user.id,
      name: 'Ada Admin',
      email: admin.user.email,
      role: 'admin',
    });
    expect(response.body.customer).toMatchObject({
      customerId: company.id,
      customerName: 'Fjord Safety',
      plan: 'professional',
      maxUsers: 50,
    });
    expect(response.body.features).toEqual([{ featureName: 'mission' }]);
    expect(response.body.customers).toEqual([{ customerId: company.id, customerName: 'Fjord Safety', role: 'admin' }]);
    expect(response.headers.get('x-api-version')).toBe('2.2');
  });

  it('uses the company named by CustomerId, with the role held there', async () => {
    const first = await createCompany(api.db);
    const second = await createCompany(api.db, { plan: 'free' });
    const person = await createMember(api.db, first.id, 'user');
    await api.db.membership.create({ data: { companyId: second.id, userId: person.user.id, role: 'owner' } });
    const response = await api.call('GET', '/api/me', { token: person.token, customerId: second.id });
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ customerId: second.id, plan: 'free', maxUsers: 5 });
    expect(response.body.user.role).toBe('owner');
    expect(response.body.customers).toHaveLength(2);
  });

  // Company routes (here GET /api/features/web); account routes such as /api/me fall back to the user's own company.
  it('answers 403 for the CustomerId of a company the user is not a member of', async () => {
    const mine = await createCompany(api.db);
    const theirs = await createCompany(api.db);
    const person = await createMember(api.db, mine.id);
    const response = await api.call('GET', '/api/features/web', { token: person.token, customerId: theirs.id });
    expect(response.status).toBe(403);
    expect(response.body.errors).toEqual(['You are not a member of this company']);
    expect(JSON.stringify(response.body)).not.toContain(theirs.name);
  });

  it('answers 403 for a malformed CustomerId and for a removed membership', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    expect((await api.call('GET', '/api/features/web', { token: person.token, customerId: 'not-a-uuid' })).status).toBe(
      403,
    );
    await api.db.membership.updateMany({ where: { userId: person.user.id }, data: { deletedAt: new Date() } });
    expect((await api.call('GET', '/api/features/web', { token: person.token, customerId: company.id })).status).toBe(
      403,
    );
    expect(
      (await api.call('GET', '/api/me', { token: person.token, customerId: company.id })).body.customer,
    ).toBeNull();
  });

  it('without CustomerId uses the oldest active membership of a company not deleted; account routes fall back to it', async () => {
    const deleted = await createCompany(api.db);
    const person = await createMember(api.db, deleted.id, 'admin');
    const left = await createCompany(api.db);
    const current = await createCompany(api.db, { name: 'Current Rescue' });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    await api.db.membership.updateMany({ where: { userId: person.user.id }, data: { createdAt: at(30) } });
    await api.db.membership.createMany({
      data: [
        { companyId: left.id, userId: person.user.id, role: 'owner', createdAt: at(20), deletedAt: at(5) },
        { companyId: current.id, userId: person.user.id, role: 'teamadmin', createdAt: at(10) },
      ],
    });
    await api.db.company.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });

    const me = await api.call('GET', '/api/me', { token: person.token });
    expect(me.body.customer).toMatchObject({ customerId: current.id, customerName: 'Current Rescue' });
    expect(me.body.user.role).toBe('teamadmin');
    const stranger = await createCompany(api.db);
    for (const customerId of [stranger.id, deleted.id, left.id, 'not-a-uuid']) {
      const fallback = await api.call('GET', '/api/me', { token: person.token, customerId });
      expect(fallback.body.customer.customerId).toBe(current.id);
    }
    expect((await api.call('GET', '/api/features/web', { token: person.token })).status).toBe(200);
    for (const customerId of [deleted.id, left.id]) {
      const refused = await api.call('GET', '/api/features/web', { token: person.token, customerId });
      expect(refused.status).toBe(403);
      expect(refused.body.errors).toEqual(['You are not a member of this company']);
    }
  });

  it('answers 403 naming no company for a person without any', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: person.user.id }, data: { deletedAt: new Date() } });
    const refused = await api.call('GET', '/api/features/web', { token: person.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['You are not a member of any company']);
    const me = await api.call('GET', '/api/me', { token: person.token });
    expect(me.status).toBe(200);
    expect(me.body.customer).toBeNull();
  });

  it('answers 440 once the session has been idle past its deadline', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    await api.db.session.update({
      where: { id: person.sessionId },
      data: { idleExpiresAt: new Date(Date.now() - MINUTE) },
    });
    const response = await api.call('GET', '/api/me', { token: person.token });
    expect(response.status).toBe(440);
    expect(response.body.errors).toHaveLength(1);
    // The answer names why, so /loggedOut can say it.
    expect(response.body).toMatchObject({ code: 'sessionEnded', reason: 'idle' });
  });

  it('names the reason a session ended: logout, the 12-hour lifetime, removal, or an unnamed revocation', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const reasonOf = async (token: string) => {
      const response = await api.call('GET', '/api/me', { token });
      expect(response.status).toBe(440);
      return response.body.reason;
    };

    const leaving = await createMember(api.db, company.id);
    expect((await api.call('PUT', '/api/logout', { token: leaving.token })).status).toBe(200);
    expect(await reasonOf(leaving.token)).toBe('loggedOut');

    const old = await createMember(api.db, company.id);
    await api.db.session.update({
      where: { id: old.sessionId },
      data: { absoluteExpiresAt: new Date(Date.now() - 1000), idleExpiresAt: new Date(Date.now() - 1000) },
    });
    expect(await reasonOf(old.token)).toBe('lifetime');

    const removed = await createMember(api.db, company.id);
    const removal = await api.call('DELETE', `/api/accounts/${removed.user.id}/soft-delete`, {
      token: admin.token,
      customerId: company.id,
    });
    expect(removal.status).toBe(200);
    expect(await reasonOf(removed.token)).toBe('removedFromCompany');

    const other = await createMember(api.db, company.id);
    await api.db.session.update({
      where: { id: other.sessionId },
      data: { revokedAt: new Date(), revokedReason: 'something new' },
    });
    expect(await reasonOf(other.token)).toBe('ended');
  });

  it('answers 440 for a revoked session and past the 12-hour lifetime', async () => {
    const company = await createCompany(api.db);
    const revoked = await createMember(api.db, company.id);
    await api.db.session.update({
      where: { id: revoked.sessionId },
      data: { revokedAt: new Date(), revokedReason: 'logout' },
    });
    expect((await api.call('GET', '/api/me', { token: revoked.token })).status).toBe(440);
    const old = await createMember(api.db, company.id);
    await api.db.session.update({
      where: { id: old.sessionId },
      data: { absoluteExpiresAt: new Date(Date.now() - 1000) },
    });
    expect((await api.call('GET', '/api/me', { token: old.token })).status).toBe(440);
  });

  it('renews an older token through X-Session-Token; the old one works only for a short grace period', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    await api.db.session.update({
      where: { id: person.sessionId },
      data: { createdAt: new Date(Date.now() - 11 * MINUTE) },
    });
    const first = await api.call('GET', '/api/me', { token: person.token });
    expect(first.status).toBe(200);
    const renewed = first.headers.get('x-session-token');
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(person.token);
    expect((await api.call('GET', '/api/me', { token: renewed! })).status).toBe(200);
    expect((await api.call('GET', '/api/me', { token: person.token })).status).toBe(200);
    await api.db.session.update({ where: { id: person.sessionId }, data: { revokedAt: new Date(Date.now() - 1000) } });
    expect((await api.call('GET', '/api/me', { token: person.token })).status).toBe(440);
  });

  it('keeps only a SHA-256 hash of the token in the database', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const session = await api.db.session.findUniqueOrThrow({ where: { id: person.sessionId } });
    expect(session.tokenHash).toBe(createHash('sha256').update(person.token).digest('hex'));
    const rows = await api.db.$queryRawUnsafe<unknown[]>(
      `SELECT * FROM "Session" WHERE "tokenHash" = $1 OR "tokenHash" = $2`,
      person.token,
      session.tokenHash,
    );
    expect(JSON.stringify(rows)).not.toContain(person.token);
  });
});
