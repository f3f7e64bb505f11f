import { describe, it, expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Postgres cannot store U+0000: every text field refuses it with the generic 400 message, before anything is stored.
const NUL = '\u0000';

describe('a NUL character in any text field', () => {
  const api = useApiTestContext();

  async function arrange() {
    const company = await createCompany(api.db, { features: ['scenario'] });
    const admin = await createMember(api.db, company.id, 'admin');
    const alert = await api.db.alert.create({
      data: {
        companyId: company.id,
        authorId: admin.user.id,
        type: 'alert',
        title: 'Drill',
        message: 'A drill today',
        target: { company: true },
      },
    });
    return { company, admin, alert };
  }

  const circle = { type: 'circle', center: { lat: 59.91, lng: 10.75 }, radius: 500 };
  const cases: [string, string, (ids: { alertId: string }) => { path: string; body?: unknown }, string][] = [
    ['POST', 'team name', () => ({ path: '/api/teams', body: { name: `Night${NUL}shift` } }), 'name is not valid'],
    [
      'POST',
      'alert title',
      () => ({
        path: '/api/alerts/alert',
        body: {
          severity: 'alert',
          title: `Fire${NUL}`,
          message: 'Leave now',
          channels: ['push'],
          target: { company: true },
        },
      }),
      'title is not valid',
    ],
    [
      'POST',
      'comment text',
      ({ alertId }) => ({ path: `/api/alerts/${alertId}/comments`, body: { message: `All${NUL} safe` } }),
      'message is not valid',
    ],
    [
      'POST',
      'device push token',
      () => ({ path: '/api/devices', body: { name: 'Phone', platform: 'ios', pushToken: `fcm${NUL}` } }),
      'pushToken is not valid',
    ],
    [
      'POST',
      'location name',
      () => ({ path: '/api/locations', body: { name: `Office${NUL}`, geofence: circle } }),
      'name is not valid',
    ],
    [
      'POST',
      'scenario name',
      () => ({
        path: '/api/scenarios/customer',
        body: {
          name: `Drill${NUL}`,
          alertType: 1,
          alertData: { title: 'Drill', body: 'Leave the building', target: { company: true } },
          channels: ['push'],
        },
      }),
      'name is not valid',
    ],
    [
      'PUT',
      'SOS contact name',
      () => ({ path: '/api/sosContacts', body: { sos: { list: [{ name: `Mamma${NUL}`, phone: '+47 912 34 567' }] } } }),
      'sos.list.0.name is not valid',
    ],
    [
      'GET',
      'deliveries search',
      ({ alertId }) => ({ path: `/api/alerts/${alertId}/deliveries?q=${encodeURIComponent(`an${NUL}na`)}` }),
      'q is not valid',
    ],
    [
      'POST',
      'key of a JSON object',
      () => ({ path: '/api/teams', body: { name: 'Day shift', [`extra${NUL}`]: 'x' } }),
      'extra is not valid',
    ],
  ];

  it.each(cases)('%s: the %s is refused with 400 and nothing is stored', async (method, _what, request, message) => {
    const { admin, alert, company } = await arrange();
    const { path, body } = request({ alertId: alert.id });
    const before = await Promise.all([
      api.db.team.count({ where: { companyId: company.id } }),
      api.db.alert.count({ where: { companyId: company.id } }),
      api.db.device.count({ where: { userId: admin.user.id } }),
      api.db.location.count({ where: { companyId: company.id } }),
    ]);
    const response = await api.call(method, path, { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [message] });
    const after = await Promise.all([
      api.db.team.count({ where: { companyId: company.id } }),
      api.db.alert.count({ where: { companyId: company.id } }),
      api.db.device.count({ where: { userId: admin.user.id } }),
      api.db.location.count({ where: { companyId: company.id } }),
    ]);
    expect(after).toEqual(before);
  });

  it('refuses it in a path id and in the login e-mail too', async () => {
    const { admin } = await arrange();
    const byId = await api.call('GET', `/api/teams/${encodeURIComponent(`${randomUUID()}${NUL}`)}`, {
      token: admin.token,
    });
    expect(byId.status).toBe(400);
    const login = await api.call('POST', '/api/login', { body: { email: `a${NUL}@example.test`, password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ errors: ['email is not valid'] });
  });
});
