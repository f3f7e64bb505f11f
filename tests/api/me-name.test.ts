import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

describe('PUT /api/me/name', () => {
  const api = useApiTestContext();

  it('changes the name of the person who asks', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('PUT', '/api/me/name', { token: person.token, body: { name: '  Kari Nordmann ' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: person.user.id, name: 'Kari Nordmann' });
    expect((await api.db.user.findUniqueOrThrow({ where: { id: person.user.id } })).name).toBe('Kari Nordmann');
  });

  it('answers 403 managed while the directory that made the account provides the name, and GET /api/me says so', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: person.user.id }, data: { managed: true } });
    await api.db.user.update({ where: { id: person.user.id }, data: { directoryCompanyId: company.id } });
    const refused = await api.call('PUT', '/api/me/name', { token: person.token, body: { name: 'Someone Else' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'managed' });
    expect((await api.db.user.findUniqueOrThrow({ where: { id: person.user.id } })).name).toBe(person.user.name);
    expect((await api.call('GET', '/api/me', { token: person.token })).body.user.nameManaged).toBe(true);

    // Once another company has the person too, the account is the person's own: the directory no longer writes it.
    const other = await createCompany(api.db);
    await api.db.membership.create({ data: { companyId: other.id, userId: person.user.id } });
    expect((await api.call('GET', '/api/me', { token: person.token })).body.user.nameManaged).toBe(false);
    expect((await api.call('PUT', '/api/me/name', { token: person.token, body: { name: 'Kari Own' } })).status).toBe(
      200,
    );
  });

  it('keeps the name of a person whose own account a directory only invited or linked', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: person.user.id }, data: { managed: true } });
    expect((await api.call('GET', '/api/me', { token: person.token })).body.user.nameManaged).toBe(false);
    const changed = await api.call('PUT', '/api/me/name', { token: person.token, body: { name: 'Kari Own' } });
    expect(changed.status).toBe(200);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 'Al' }, 'name must be at least 3 characters'],
    [{ name: 'x'.repeat(101) }, 'name cannot be longer than 100 characters'],
    [{ name: 42 }, 'name is not valid'],
  ])('answers 400 with the generic message for %j', async (body, message) => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('PUT', '/api/me/name', { token: person.token, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [message] });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('PUT', '/api/me/name', { token: person.token, rawBody: '{"name": ' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: ['The request body is not valid JSON'] });
  });

  it('answers 413 for a body over the size limit', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('PUT', '/api/me/name', {
      token: person.token,
      body: { name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.status).toBe(413);
  });

  it('answers 401 without a session; another company id changes nobody but the person who asks', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const stranger = await createMember(api.db, other.id);
    expect((await api.call('PUT', '/api/me/name', { body: { name: 'Nobody' } })).status).toBe(401);
    const foreign = await api.call('PUT', '/api/me/name', {
      token: person.token,
      customerId: other.id,
      body: { name: 'Still Me' },
    });
    expect(foreign.body).toEqual({ id: person.user.id, name: 'Still Me' });
    expect((await api.db.user.findUniqueOrThrow({ where: { id: stranger.user.id } })).name).toBe(stranger.user.name);
  });
});
