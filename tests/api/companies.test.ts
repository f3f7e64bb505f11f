import { describe, it, expect } from '@jest/globals';
import { createAccount, PASSWORD } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

describe('companies: /api/customer, /api/customer/name, /api/features/web', () => {
  const api = useApiTestContext();

  it('creates a company on the free plan with its creator as owner, also for a user without any company', async () => {
    const user = await createAccount(api.db);
    const token = (await api.call('POST', '/api/login', { body: { email: user.email, password: PASSWORD } })).body
      .token;
    const response = await api.call('POST', '/api/customer', { token, body: { name: '  Bergen Vakt ' } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ customerId: expect.any(String), customerName: 'Bergen Vakt' });
    const me = await api.call('GET', '/api/me', { token, customerId: response.body.customerId });
    expect(me.body.customer).toMatchObject({ customerId: response.body.customerId, plan: 'free', maxUsers: 5 });
    expect(me.body.user.role).toBe('owner');
    expect((await api.call('POST', '/api/customer', { token, body: { name: 'AB' } })).body.errors).toEqual([
      'name must be at least 3 characters',
    ]);
    expect((await api.call('POST', '/api/customer', { body: { name: 'Nobody AS' } })).status).toBe(401);
  });

  it('deletes the company when the owner types its name; it is gone for every member', async () => {
    const company = await createCompany(api.db, { name: 'Stavanger Beredskap' });
    const owner = await createMember(api.db, company.id, 'owner');
    const member = await createMember(api.db, company.id, 'user');
    const admin = await createMember(api.db, company.id, 'admin');

    const typo = await api.call('DELETE', '/api/customer', {
      token: owner.token,
      customerId: company.id,
      body: { customerNameVerification: 'Stavanger' },
    });
    expect(typo.status).toBe(400);
    expect(typo.body.code).toBe('verification');
    expect(
      (
        await api.call('DELETE', '/api/customer', {
          token: admin.token,
          customerId: company.id,
          body: { customerNameVerification: 'Stavanger Beredskap' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api.call('DELETE', '/api/customer', { token: owner.token, customerId: company.id, body: {} })).body.errors,
    ).toEqual(['customerNameVerification is required']);

    const done = await api.call('DELETE', '/api/customer', {
      token: owner.token,
      customerId: company.id,
      body: { customerNameVerification: 'Stavanger Beredskap' },
    });
    expect(done.status).toBe(200);
    expect((await api.db.company.findUniqueOrThrow({ where: { id: company.id } })).deletedAt).not.toBeNull();
    expect((await api.call('GET', '/api/features/web', { token: member.token, customerId: company.id })).status).toBe(
      403,
    );
    expect((await api.call('GET', '/api/me', { token: member.token })).body.customer).toBeNull();
  });

  it('refuses to delete another company from its id', async () => {
    const mine = await createCompany(api.db);
    const theirs = await createCompany(api.db, { name: 'Their Company' });
    const owner = await createMember(api.db, mine.id, 'owner');
    const response = await api.call('DELETE', '/api/customer', {
      token: owner.token,
      customerId: theirs.id,
      body: { customerNameVerification: 'Their Company' },
    });
    expect(response.status).toBe(403);
    expect((await api.db.company.findUniqueOrThrow({ where: { id: theirs.id } })).deletedAt).toBeNull();
    expect(
      (await api.call('DELETE', '/api/customer', { body: { customerNameVerification: 'Their Company' } })).status,
    ).toBe(401);
  });

  it('answers the name of a company the user belongs to, and 404 for any other', async () => {
    const company = await createCompany(api.db, { name: 'Tromsø Redning' });
    const other = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    expect((await api.call('GET', `/api/customer/name/${company.id}`, { token: person.token })).body).toEqual({
      customerId: company.id,
      name: 'Tromsø Redning',
    });
    expect((await api.call('GET', `/api/customer/name/${other.id}`, { token: person.token })).status).toBe(404);
    expect((await api.call('GET', '/api/customer/name/not-a-uuid', { token: person.token })).body.errors).toEqual([
      'id is not valid',
    ]);
    expect((await api.call('GET', `/api/customer/name/${company.id}`)).status).toBe(401);
  });

  it('lets an admin rename the current company, not a user', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const user = await createMember(api.db, company.id, 'user');
    const other = await createCompany(api.db);
    const renamed = await api.call('PUT', '/api/customer/name', {
      token: admin.token,
      customerId: company.id,
      body: { name: 'Nytt Navn AS' },
    });
    expect(renamed.body).toEqual({ customerId: company.id, name: 'Nytt Navn AS' });
    expect(
      (
        await api.call('PUT', '/api/customer/name', {
          token: user.token,
          customerId: company.id,
          body: { name: 'Hijacked' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.call('PUT', '/api/customer/name', {
          token: admin.token,
          customerId: other.id,
          body: { name: 'Hijacked' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.call('PUT', '/api/customer/name', {
          token: admin.token,
          customerId: company.id,
          body: { name: 'No' },
        })
      ).body.errors,
    ).toEqual(['name must be at least 3 characters']);
    expect((await api.call('PUT', '/api/customer/name', { body: { name: 'Nobody AS' } })).status).toBe(401);
    expect((await api.db.company.findUniqueOrThrow({ where: { id: other.id } })).name).toBe(other.name);
  });

  it('lists the web features of the current company', async () => {
    const company = await createCompany(api.db, { features: ['mission', 'scenario'] });
    const other = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    expect((await api.call('GET', '/api/features/web', { token: person.token })).body).toEqual([
      { featureName: 'mission' },
      { featureName: 'scenario' },
    ]);
    expect((await api.call('GET', '/api/features/web', { token: person.token, customerId: other.id })).status).toBe(
      403,
    );
    expect((await api.call('GET', '/api/features/web')).status).toBe(401);
  });
});
