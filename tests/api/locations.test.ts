import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

const circle = { type: 'circle', center: { lat: 59.9139, lng: 10.7522 }, radius: 1_500 };
const square = [
  { lat: 59.9, lng: 10.7 },
  { lat: 59.9, lng: 10.8 },
  { lat: 60, lng: 10.8 },
  { lat: 60, lng: 10.7 },
];

describe('/api/locations', () => {
  const api = useApiTestContext();

  async function adminOfNewCompany() {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    return { company, token: admin.token };
  }

  async function storedRow(locationId: string) {
    return api.db.location.findUniqueOrThrow({ where: { id: locationId } });
  }

  it('creates a circle and a polygon (closed ring stored open), lists them by name and stores their bounds', async () => {
    const { company, token } = await adminOfNewCompany();
    const office = await api.call('POST', '/api/locations', { token, body: { name: '  Office  ', geofence: circle } });
    expect(office.status).toBe(201);
    expect(office.body).toEqual({ locationId: expect.any(String), name: 'Office', geofence: circle });

    const closed = await api.call('POST', '/api/locations', {
      token,
      body: { name: 'Depot', geofence: { type: 'polygon', points: [...square, square[0]] } },
    });
    expect(closed.status).toBe(201);
    expect(closed.body.geofence).toEqual({ type: 'polygon', points: square });
    const open = await api.call('POST', '/api/locations', {
      token,
      body: { name: 'Annex', geofence: { type: 'polygon', points: square } },
    });
    expect(open.body.geofence).toEqual({ type: 'polygon', points: square });

    const list = await api.call('GET', '/api/locations', { token });
    expect(list.status).toBe(200);
    expect(list.body.locations.map((location: { name: string }) => location.name)).toEqual([
      'Annex',
      'Depot',
      'Office',
    ]);
    expect(list.body.locations[2]).toEqual(office.body);

    const depot = await storedRow(closed.body.locationId);
    expect(depot).toMatchObject({
      companyId: company.id,
      geofence: { type: 'polygon', points: square },
      minLat: 59.9,
      maxLat: 60,
      minLng: 10.7,
      maxLng: 10.8,
    });
    const circleRow = await storedRow(office.body.locationId);
    // 1,500 m is 0.01347° of latitude; a degree of longitude at 59.9° is about half as long.
    expect(circleRow.minLat).toBeCloseTo(59.9139 - 0.013475, 5);
    expect(circleRow.maxLat).toBeCloseTo(59.9139 + 0.013475, 5);
    expect(circleRow.maxLng - 10.7522).toBeCloseTo(0.013475 / Math.cos((59.9139 * Math.PI) / 180), 5);
    expect(10.7522 - circleRow.minLng).toBeCloseTo(circleRow.maxLng - 10.7522, 9);
  });

  it('gets, renames and redraws, then deletes one location', async () => {
    const { token } = await adminOfNewCompany();
    const created = await api.call('POST', '/api/locations', { token, body: { name: 'Office', geofence: circle } });
    const path = `/api/locations/${created.body.locationId}`;
    expect((await api.call('GET', path, { token })).body).toEqual(created.body);

    const updated = await api.call('PUT', path, {
      token,
      body: { name: 'Head office', geofence: { type: 'polygon', points: [...square, square[0]] } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      locationId: created.body.locationId,
      name: 'Head office',
      geofence: { type: 'polygon', points: square },
    });
    expect(await storedRow(created.body.locationId)).toMatchObject({
      name: 'Head office',
      minLat: 59.9,
      maxLat: 60,
      minLng: 10.7,
      maxLng: 10.8,
    });

    const removed = await api.call('DELETE', path, { token });
    expect(removed.status).toBe(200);
    expect((await api.call('GET', path, { token })).status).toBe(404);
    expect((await api.call('GET', '/api/locations', { token })).body.locations).toEqual([]);
  });

  it('refuses a location without a geofence with missingGeofence, on create and update', async () => {
    const { token } = await adminOfNewCompany();
    for (const body of [{ name: 'Office' }, { name: 'Office', geofence: null }]) {
      const response = await api.call('POST', '/api/locations', { token, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: ['Missing Geofence'], code: 'missingGeofence' });
    }
    const created = await api.call('POST', '/api/locations', { token, body: { name: 'Office', geofence: circle } });
    const update = await api.call('PUT', `/api/locations/${created.body.locationId}`, {
      token,
      body: { name: 'Office' },
    });
    expect(update.body.code).toBe('missingGeofence');
    expect((await storedRow(created.body.locationId)).geofence).toEqual(circle);
  });

  it.each([
    [
      { type: 'polygon', points: [square[0], square[2], square[1], square[3]] },
      'geofence.points must not cross itself',
    ],
    [
      { type: 'polygon', points: [square[0], square[1], square[0]] },
      'geofence.points needs at least 3 distinct points',
    ],
    [{ type: 'circle', center: circle.center, radius: 0 }, 'geofence.radius is not valid'],
    [{ type: 'circle', center: circle.center, radius: 500_001 }, 'geofence.radius is not valid'],
    [{ type: 'circle', center: { lat: -91, lng: 10 }, radius: 100 }, 'geofence.center.lat is not valid'],
    [{ type: 'polygon', points: [square[0], square[1], { lat: 60, lng: 181 }] }, 'geofence.points.2.lng is not valid'],
  ])('refuses the geofence %j with invalidGeofence and saves nothing', async (geofence, message) => {
    const { company, token } = await adminOfNewCompany();
    const response = await api.call('POST', '/api/locations', { token, body: { name: 'Office', geofence } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [message], code: 'invalidGeofence' });
    expect(await api.db.location.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('checks the name', async () => {
    const { token } = await adminOfNewCompany();
    const blank = await api.call('POST', '/api/locations', { token, body: { name: '   ', geofence: circle } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual(['name is required']);
    const long = await api.call('POST', '/api/locations', { token, body: { name: 'x'.repeat(101), geofence: circle } });
    expect(long.body.errors).toEqual(['name cannot be longer than 100 characters']);
  });

  it("answers 404 for another company's location and leaves it alone", async () => {
    const { token } = await adminOfNewCompany();
    const other = await adminOfNewCompany();
    const theirs = await api.call('POST', '/api/locations', {
      token: other.token,
      body: { name: 'Theirs', geofence: circle },
    });
    const path = `/api/locations/${theirs.body.locationId}`;
    expect((await api.call('GET', path, { token })).status).toBe(404);
    expect((await api.call('PUT', path, { token, body: { name: 'Mine', geofence: circle } })).status).toBe(404);
    expect((await api.call('DELETE', path, { token })).status).toBe(404);
    expect((await api.call('GET', '/api/locations', { token })).body.locations).toEqual([]);
    expect((await storedRow(theirs.body.locationId)).name).toBe('Theirs');
  });

  it('is for admins: 403 for a member, 401 without a session', async () => {
    const { company, token } = await adminOfNewCompany();
    const member = await createMember(api.db, company.id, 'user');
    const created = await api.call('POST', '/api/locations', { token, body: { name: 'Office', geofence: circle } });
    const path = `/api/locations/${created.body.locationId}`;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/locations'],
      ['POST', '/api/locations', { name: 'Mine', geofence: circle }],
      ['GET', path],
      ['PUT', path, { name: 'Mine', geofence: circle }],
      ['DELETE', path],
    ];
    for (const [method, url, body] of calls) {
      expect((await api.call(method, url, { token: member.token, body })).status).toBe(403);
      expect((await api.call(method, url, { body })).status).toBe(401);
    }
    expect(await storedRow(created.body.locationId)).toMatchObject({ name: 'Office', geofence: circle });
  });
});
