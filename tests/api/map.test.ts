import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { startFakeGeocoder, type FakeGeocoder } from '../helpers/fake-geocoder';
import { createCompany, createMember } from '../helpers/fixtures';

const TILES = {
  MAP_TILES_ROAD: 'https://tiles.example.test/road/{z}/{x}/{y}.png',
  MAP_TILES_SATELLITE: 'https://tiles.example.test/imagery/{z}/{y}/{x}',
  MAP_TILES_SATELLITE_ATTRIBUTION: '© Example Imagery',
  MAP_TILES_HYBRID: 'offline',
  MAP_TILES_TERRAIN: 'https://tiles.example.test/terrain/{z}/{x}/{y}.png',
  MAP_TILES_ATTRIBUTION: '© Example Tiles',
};

describe('map with tiles and a geocoder configured', () => {
  let geocoder: FakeGeocoder | undefined;
  // Filled in before the server starts (this beforeAll runs before the context's own).
  const env: Record<string, string> = { ...TILES };
  beforeAll(async () => {
    geocoder = await startFakeGeocoder();
    env.GEOCODER_URL = geocoder.url;
  });
  afterAll(() => geocoder?.stop());
  const api = useApiTestContext(env);
  const fake = () => geocoder as FakeGeocoder;

  it('GET /api/map/config gives each layer its tiles and credit (null = built-in) and the geocoder flag', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('GET', '/api/map/config', { token: person.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      layers: {
        road: { tiles: TILES.MAP_TILES_ROAD, labels: null, attribution: '© Example Tiles', maxZoom: 19 },
        satellite: { tiles: TILES.MAP_TILES_SATELLITE, labels: null, attribution: '© Example Imagery', maxZoom: 19 },
        hybrid: null,
        terrain: { tiles: TILES.MAP_TILES_TERRAIN, labels: null, attribution: '© Example Tiles', maxZoom: 19 },
      },
      geocoder: true,
    });
  });

  it('GET /api/map/search finds places through the geocoder, as { name, lat, lng, bbox }', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('GET', '/api/map/search?q=%20bergen%20', { token: person.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [
        { name: 'Bergen, Vestland, Norway', lat: 60.3943055, lng: 5.3259192, bbox: [5.1536, 60.2403, 5.5514, 60.5348] },
      ],
    });
    expect(fake().requests.at(-1)).toEqual({
      q: 'bergen',
      format: 'jsonv2',
      limit: '5',
      userAgent: expect.stringContaining('Tocsin'),
    });
    const none = await api.call('GET', '/api/map/search?q=Atlantis', { token: person.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ results: [] });
  });

  it('answers 502 geocoderFailed with the status when the geocoder fails', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    fake().failWith(503);
    try {
      const response = await api.call('GET', '/api/map/search?q=Oslo', { token: person.token });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        errors: ['The place search failed (status 503)'],
        code: 'geocoderFailed',
        status: 503,
      });
    } finally {
      fake().failWith(null);
    }
    expect((await api.call('GET', '/api/map/search?q=Oslo', { token: person.token })).body.results[0].name).toBe(
      'Oslo, Norway',
    );
  });

  it('answers 400 without a search text, 401 without a session and 403 with another company id', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const empty = await api.call('GET', '/api/map/search?q=%20', { token: person.token });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(['q is required']);
    expect((await api.call('GET', '/api/map/search', { token: person.token })).status).toBe(400);
    expect((await api.call('GET', '/api/map/config')).status).toBe(401);
    expect((await api.call('GET', '/api/map/search?q=Oslo')).status).toBe(401);
    expect((await api.call('GET', '/api/map/config', { token: person.token, customerId: other.id })).status).toBe(403);
    expect(
      (await api.call('GET', '/api/map/search?q=Oslo', { token: person.token, customerId: other.id })).status,
    ).toBe(403);
  });
});

describe('map with nothing configured', () => {
  const api = useApiTestContext();

  it('uses the default public tile services, each with its credit, and has place search (Nominatim)', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const config = await api.call('GET', '/api/map/config', { token: person.token });
    expect(config.status).toBe(200);
    expect(config.body).toEqual({
      layers: {
        road: {
          tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          labels: null,
          attribution: expect.stringContaining('OpenStreetMap'),
          maxZoom: 19,
        },
        satellite: expect.objectContaining({ tiles: expect.stringContaining('World_Imagery'), labels: null }),
        hybrid: expect.objectContaining({
          tiles: expect.stringContaining('World_Imagery'),
          labels: expect.stringContaining('World_Boundaries_and_Places'),
          attribution: expect.stringContaining('Esri'),
        }),
        terrain: expect.objectContaining({
          tiles: 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
          attribution: expect.stringContaining('OpenTopoMap'),
        }),
      },
      geocoder: true,
    });
  });
});

describe('map switched to offline, search off', () => {
  const api = useApiTestContext({ MAP_OFFLINE: 'true', GEOCODER_URL: 'off' });

  it('uses the built-in base map for every layer and has no place search (404 geocoderOff)', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const config = await api.call('GET', '/api/map/config', { token: person.token });
    expect(config.body).toEqual({
      layers: { road: null, satellite: null, hybrid: null, terrain: null },
      geocoder: false,
    });
    const search = await api.call('GET', '/api/map/search?q=Oslo', { token: person.token });
    expect(search.status).toBe(404);
    expect(search.body).toEqual({ errors: ['Place search is not configured on this server'], code: 'geocoderOff' });
  });
});
