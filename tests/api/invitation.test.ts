import { describe, it, expect } from '@jest/globals';
import { issueAuthToken } from '@/lib/auth/auth-tokens';
import { INVITATION_LINK_MS } from '@/lib/members/send-member-notices';
import { createAccount, PASSWORD } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// POST /api/invitation: what /confirmEmail shows before the invited person chooses a password. It needs no session
// (the link is the proof), so there is no role to lack; a session sent along changes nothing.
describe('POST /api/invitation', () => {
  const api = useApiTestContext();

  async function invited(companyName = 'Fjord Rescue') {
    const company = await createCompany(api.db, { name: companyName });
    const person = await createAccount(api.db, { companyId: company.id, confirmed: false });
    await api.db.user.update({ where: { id: person.id }, data: { passwordHash: null, name: 'Nina Ny' } });
    const token = await issueAuthToken(api.db, {
      userId: person.id,
      kind: 'invitation',
      now: new Date(),
      validForMs: INVITATION_LINK_MS,
    });
    return { company, person, token };
  }

  it('names the person and the company without using the link up; the password then confirms the e-mail', async () => {
    const { person, token } = await invited();
    for (let look = 0; look < 2; look++) {
      const response = await api.call('POST', '/api/invitation', { body: { token } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ name: 'Nina Ny', email: person.email, companyName: 'Fjord Rescue' });
    }
    const chosen = await api.call('PUT', '/api/password/update', { body: { token, password: PASSWORD } });
    expect(chosen.status).toBe(200);
    expect((await api.db.user.findUniqueOrThrow({ where: { id: person.id } })).emailConfirmedAt).not.toBeNull();
    // A first password is no change: no "your password was changed" e-mail (a reset later sends it, as ever).
    const notices = () =>
      api.db.outboundMessage.count({
        where: { recipient: person.email, subject: { contains: 'password was changed' } },
      });
    expect(await notices()).toBe(0);
    // Used: the page now shows "link expired".
    const used = await api.call('POST', '/api/invitation', { body: { token } });
    expect(used.status).toBe(400);
    expect(used.body.code).toBe('linkExpired');
  });

  it('refuses a missing, malformed, unknown or expired token alike', async () => {
    expect((await api.call('POST', '/api/invitation', { body: {} })).status).toBe(400);
    expect((await api.call('POST', '/api/invitation', { body: { token: 'x'.repeat(201) } })).status).toBe(400);
    const unknown = await api.call('POST', '/api/invitation', { body: { token: 'not-a-real-token' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ errors: ['This link has expired or has already been used'], code: 'linkExpired' });
    const { token } = await invited();
    await api.db.authToken.updateMany({ where: {}, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api.call('POST', '/api/invitation', { body: { token } });
    expect(expired.body).toEqual(unknown.body);
  });

  it('answers for the link alone: a session of another company, or of the person, changes nothing', async () => {
    const { token } = await invited('Harbour Watch');
    const other = await createCompany(api.db);
    const elsewhere = await createMember(api.db, other.id, 'owner');
    const response = await api.call('POST', '/api/invitation', {
      token: elsewhere.token,
      customerId: other.id,
      body: { token },
    });
    expect(response.status).toBe(200);
    expect(response.body.companyName).toBe('Harbour Watch');
  });

  it('does not accept a sign-up confirmation token (another kind of link)', async () => {
    const person = await createAccount(api.db, { confirmed: false });
    const token = await issueAuthToken(api.db, {
      userId: person.id,
      kind: 'emailConfirm',
      now: new Date(),
      validForMs: INVITATION_LINK_MS,
    });
    expect((await api.call('POST', '/api/invitation', { body: { token } })).body.code).toBe('linkExpired');
  });

  it('is a link of its own kind: a password-reset link opens no invitation', async () => {
    const person = await createAccount(api.db, { confirmed: false });
    const reset = await issueAuthToken(api.db, {
      userId: person.id,
      kind: 'passwordReset',
      now: new Date(),
      validForMs: INVITATION_LINK_MS,
    });
    expect((await api.call('POST', '/api/invitation', { body: { token: reset } })).body.code).toBe('linkExpired');
  });
});
