import { describe, it, expect } from '@jest/globals';
import { createAccount, PASSWORD } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('profile: /api/me, locale, photo, My Data, account deletion', () => {
  const api = useApiTestContext();

  const logIn = async (email: string) =>
    (await api.call('POST', '/api/login', { body: { email, password: PASSWORD } })).body.token as string;

  it('answers the profile of a user without any company, with customer null', async () => {
    const user = await createAccount(api.db);
    const response = await api.call('GET', '/api/me', { token: await logIn(user.email) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user: { id: user.id, email: user.email, role: null, profilePhoto: null },
      customer: null,
      customers: [],
      features: [],
    });
  });

  it('answers the CustomerId company when the user belongs to it, else the first one', async () => {
    const first = await createCompany(api.db, { features: ['mission'] });
    const second = await createCompany(api.db);
    const stranger = await createCompany(api.db);
    const person = await createMember(api.db, first.id, 'admin');
    await api.db.membership.create({ data: { userId: person.user.id, companyId: second.id, role: 'user' } });
    const chosen = await api.call('GET', '/api/me', { token: person.token, customerId: second.id });
    expect(chosen.body.customer.customerId).toBe(second.id);
    expect(chosen.body.user.role).toBe('user');
    expect(chosen.body.customers.map((c: { customerId: string }) => c.customerId)).toEqual([first.id, second.id]);
    const foreign = await api.call('GET', '/api/me', { token: person.token, customerId: stranger.id });
    expect(foreign.body.customer.customerId).toBe(first.id);
    expect(foreign.body.features).toEqual([{ featureName: 'mission' }]);
    expect((await api.call('GET', '/api/me')).status).toBe(401);
  });

  it('keeps the language the user chose for e-mails', async () => {
    const user = await createAccount(api.db);
    const token = await logIn(user.email);
    expect((await api.call('PUT', '/api/me/locale', { token, body: { locale: 'sv-se' } })).body).toEqual({
      locale: 'sv-se',
    });
    expect((await api.call('PUT', '/api/me/locale', { token, body: { locale: 'de-de' } })).body.errors).toEqual([
      'locale is not valid',
    ]);
    expect((await api.call('PUT', '/api/me/locale', { body: { locale: 'sv-se' } })).status).toBe(401);
    expect((await api.db.user.findUniqueOrThrow({ where: { id: user.id } })).locale).toBe('sv-se');
  });

  it('uploads a profile photo through a signed link and shows it by a link an <img> can load', async () => {
    const user = await createAccount(api.db);
    const token = await logIn(user.email);
    const link = await api.call('GET', '/api/me/profilePhotoUploadLink?contentType=image/png', { token });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({
      method: 'PUT',
      key: expect.stringMatching(new RegExp(`^users/${user.id}/photo-.+\\.png$`)),
      maxBytes: 5 * 1024 * 1024,
    });
    expect((await api.call('PUT', '/api/me/profilePhoto', { token, body: { key: link.body.key } })).body.code).toBe(
      'notUploaded',
    );

    const upload = await fetch(new URL(link.body.url, api.url), {
      method: 'PUT',
      headers: link.body.headers,
      body: PNG,
    });
    expect(upload.status).toBeLessThan(300);
    const set = await api.call('PUT', '/api/me/profilePhoto', { token, body: { key: link.body.key } });
    expect(set.status).toBe(200);
    const me = await api.call('GET', '/api/me', { token });
    const photo = await fetch(new URL(me.body.user.profilePhoto, api.url));
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);

    expect((await api.call('DELETE', '/api/me/profilePhoto', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/me', { token })).body.user.profilePhoto).toBeNull();
  });

  it("refuses a photo key that is not the user's own upload, and an unsupported type", async () => {
    const owner = await createAccount(api.db);
    const other = await createAccount(api.db);
    const ownerLink = await api.call('GET', '/api/me/profilePhotoUploadLink?contentType=image/jpeg', {
      token: await logIn(owner.email),
    });
    const response = await api.call('PUT', '/api/me/profilePhoto', {
      token: await logIn(other.email),
      body: { key: ownerLink.body.key },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(['key is not valid']);
    const gif = await api.call('GET', '/api/me/profilePhotoUploadLink?contentType=image/gif', {
      token: await logIn(other.email),
    });
    expect(gif.status).toBe(400);
    expect(gif.body.errors).toEqual(['contentType is not valid']);
    expect((await api.call('GET', '/api/me/profilePhotoUploadLink?contentType=image/png')).status).toBe(401);
  });

  it('downloads everything stored about the user as a JSON file, without account secrets', async () => {
    const company = await createCompany(api.db);
    const user = await createAccount(api.db, { companyId: company.id });
    const token = await logIn(user.email);
    const response = await fetch(`${api.url}/api/me/data`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Api-Version': '2.2' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tocsin-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      id: user.id,
      email: user.email,
      memberships: [{ role: 'user', company: { id: company.id } }],
    });
    expect(data.sessions).toHaveLength(1);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('tokenHash');
    expect((await fetch(`${api.url}/api/me/data`)).status).toBe(401);
  });

  it('deletes the account only when the typed e-mail matches', async () => {
    const company = await createCompany(api.db);
    const user = await createAccount(api.db, { companyId: company.id });
    const token = await logIn(user.email);
    const wrong = await api.call('DELETE', '/api/me', { token, body: { usernameVerification: 'someone@else.test' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('verification');
    expect((await api.call('DELETE', '/api/me', { token, body: {} })).body.errors).toEqual([
      'usernameVerification is required',
    ]);

    const done = await api.call('DELETE', '/api/me', {
      token,
      body: { usernameVerification: user.email.toUpperCase() },
    });
    expect(done.status).toBe(200);
    expect(await api.db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect((await api.call('GET', '/api/me', { token })).status).toBe(401);
    expect((await api.db.company.findUniqueOrThrow({ where: { id: company.id } })).deletedAt).toBeNull();
  });

  it('stops the only owner of a company with other members; deletes a company the user is alone in', async () => {
    const shared = await createCompany(api.db);
    const alone = await createCompany(api.db);
    const owner = await createAccount(api.db, { companyId: shared.id, role: 'owner' });
    await api.db.membership.create({ data: { userId: owner.id, companyId: alone.id, role: 'owner' } });
    await createMember(api.db, shared.id, 'admin');
    const token = await logIn(owner.email);
    const blocked = await api.call('DELETE', '/api/me', { token, body: { usernameVerification: owner.email } });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({
      code: 'soleOwner',
      companies: [{ customerId: shared.id, customerName: shared.name }],
    });

    await createAccount(api.db, { companyId: shared.id, role: 'owner' });
    expect((await api.call('DELETE', '/api/me', { token, body: { usernameVerification: owner.email } })).status).toBe(
      200,
    );
    expect((await api.db.company.findUniqueOrThrow({ where: { id: alone.id } })).deletedAt).not.toBeNull();
    expect((await api.db.company.findUniqueOrThrow({ where: { id: shared.id } })).deletedAt).toBeNull();
    expect((await api.call('DELETE', '/api/me', { body: { usernameVerification: owner.email } })).status).toBe(401);
  });
});
