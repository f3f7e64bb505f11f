import { describe, it, expect } from '@jest/globals';
import { createSession } from '@/lib/auth/create-session';
import { createAccount } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';

// Issue 35: with OPERATOR_EMAILS unset (a server started by hand or by compose without it; `npm start` names its demo
// owner instead), the install has no operator: every operator route is refused and no profile says "operator".
const api = useApiTestContext();

describe('operators: none named', () => {
  it('refuses the operator routes to every account and marks nobody an operator', async () => {
    const person = await createAccount(api.db);
    await api.db.user.update({ where: { id: person.id }, data: { email: 'ops@operators.test' } });
    const { token } = await createSession(api.db, { userId: person.id, extended: false, now: new Date() });
    for (const path of ['/api/operator/companies', '/api/operator/settings']) {
      const refused = await api.call('GET', path, { token });
      expect(refused).toMatchObject({ status: 403, body: { code: 'notOperator' } });
    }
    expect((await api.call('GET', '/api/me', { token })).body.user.operator).toBe(false);
    // Sign-up stays open, as the spec has it, until an operator says otherwise.
    expect((await api.call('GET', '/api/signup/policy')).body).toEqual({ signUpPolicy: 'open', signUpDomains: [] });
  });
});
