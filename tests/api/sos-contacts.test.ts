import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

describe('GET/PUT /api/sosContacts', () => {
  const api = useApiTestContext();

  it('replaces the SOS list of the user in the current company, in order', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const colleague = await createMember(api.db, company.id, 'user', 'Ola Nordmann');
    const list = [{ name: 'Mamma Hansen', phone: '+47 912 34 567' }, { contactUserId: colleague.user.id }];
    const response = await api.call('PUT', '/api/sosContacts', { token: person.token, body: { sos: { list } } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      list: [
        { id: expect.any(String), contactUserId: null, name: 'Mamma Hansen', phone: '+4791234567' },
        { id: expect.any(String), contactUserId: colleague.user.id, name: 'Ola Nordmann', phone: colleague.user.phone },
      ],
    });
    expect((await api.call('GET', '/api/sosContacts', { token: person.token })).body).toEqual(response.body);
    const emptied = await api.call('PUT', '/api/sosContacts', { token: person.token, body: { sos: { list: [] } } });
    expect(emptied.body).toEqual({ list: [] });
  });

  it.each([
    [{}, 'sos is required'],
    [{ sos: { list: [{ name: 'Al', phone: '+4791234567' }] } }, 'sos.list.0.name must be at least 3 characters'],
    [{ sos: { list: [{ name: 'Mamma Hansen', phone: '912' }] } }, 'sos.list.0.phone is not valid'],
    [
      { sos: { list: Array.from({ length: 11 }, () => ({ name: 'Mamma Hansen', phone: '+4791234567' })) } },
      'sos.list is not valid',
    ],
  ])('answers 400 for %j', async (body, message) => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('PUT', '/api/sosContacts', { token: person.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });

  it('refuses an unsupported dial code and a contact from another company', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const stranger = await createMember(api.db, other.id);
    const dial = await api.call('PUT', '/api/sosContacts', {
      token: person.token,
      body: { sos: { list: [{ name: 'Ivan Petrov', phone: '+7 912 345-67-89' }] } },
    });
    expect(dial.body.code).toBe('dialCode');
    const foreign = await api.call('PUT', '/api/sosContacts', {
      token: person.token,
      body: { sos: { list: [{ contactUserId: stranger.user.id }] } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual(['contactUserId is not valid']);
  });

  it('answers 401 without a session and 403 with another company id', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    expect((await api.call('GET', '/api/sosContacts')).status).toBe(401);
    expect((await api.call('PUT', '/api/sosContacts', { body: { sos: { list: [] } } })).status).toBe(401);
    expect((await api.call('GET', '/api/sosContacts', { token: person.token, customerId: other.id })).status).toBe(403);
    expect(
      (
        await api.call('PUT', '/api/sosContacts', {
          token: person.token,
          customerId: other.id,
          body: { sos: { list: [] } },
        })
      ).status,
    ).toBe(403);
  });
});
