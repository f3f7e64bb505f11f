import { describe, it, expect, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { baseStyle, OFFLINE_LOOKS, styleLayerIds } from '@/components/map/base-style';
import {
  circlePolygon,
  featureGeofence,
  geofenceCorners,
  geofenceFeature,
  metresBetween,
  reshapedCircle,
} from '@/components/map/geofence-shapes';
import { toWorldShapes } from '@/components/map/world-shapes';
import { MAP_LAYERS, type MapConfig } from '@/lib/map/map-layers';

const offline: MapConfig = {
  layers: { road: null, satellite: null, hybrid: null, terrain: null },
  geocoder: false,
};
const exampleTiles = {
  tiles: 'https://tiles.example.test/{z}/{y}/{x}',
  labels: null,
  attribution: '© Example',
  maxZoom: 18,
};
const oslo = { lat: 59.91, lng: 10.75 };

describe('base map style', () => {
  it('holds every layer, shows only the chosen one, and uses tiles where a template is set', () => {
    const config: MapConfig = { ...offline, layers: { ...offline.layers, satellite: exampleTiles } };
    const style = baseStyle(config, null, 'satellite');
    for (const layer of MAP_LAYERS) expect(styleLayerIds(style, layer).length).toBeGreaterThan(0);
    const visible = style.layers.filter((layer) => layer.layout?.visibility === 'visible').map((layer) => layer.id);
    expect(visible).toEqual(['base-satellite-tiles']);
    expect(style.sources['tiles-satellite']).toMatchObject({
      type: 'raster',
      tiles: ['https://tiles.example.test/{z}/{y}/{x}'],
      attribution: '© Example',
      maxzoom: 18,
    });
    expect(style.sources['tiles-road']).toBeUndefined();
  });

  it("draws a layer's labels over its tiles, and each layer carries its own credit", () => {
    const labelled = { ...exampleTiles, labels: 'https://labels.example.test/{z}/{y}/{x}', attribution: '© Imagery' };
    const config: MapConfig = { ...offline, layers: { ...offline.layers, road: exampleTiles, hybrid: labelled } };
    const style = baseStyle(config, null, 'hybrid');
    expect(styleLayerIds(style, 'hybrid')).toEqual(['base-hybrid-tiles', 'base-hybrid-labels']);
    expect(style.sources['tiles-hybrid-labels']).toMatchObject({ tiles: ['https://labels.example.test/{z}/{y}/{x}'] });
    expect(style.sources['tiles-hybrid']).toMatchObject({ attribution: '© Imagery' });
    expect(style.sources['tiles-road']).toMatchObject({ attribution: '© Example' });
    // With all four layers on tiles, the built-in map's sources are not in the style (its shapes are not loaded).
    const online: MapConfig = {
      ...offline,
      layers: { road: exampleTiles, satellite: exampleTiles, hybrid: labelled, terrain: exampleTiles },
    };
    expect(Object.keys(baseStyle(online, null, 'road').sources)).not.toContain('world-countries');
  });

  it('without any template needs no internet: geojson sources only, and a distinct look per layer', () => {
    const style = baseStyle(offline, null, 'road');
    expect(Object.values(style.sources).every((source) => source.type === 'geojson')).toBe(true);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    const looks = new Set(MAP_LAYERS.map((layer) => JSON.stringify(OFFLINE_LOOKS[layer])));
    expect(looks.size).toBe(MAP_LAYERS.length);
    expect(styleLayerIds(style, 'hybrid')).toEqual(
      expect.arrayContaining(['base-hybrid-borders', 'base-hybrid-graticule']),
    );
    expect(styleLayerIds(style, 'satellite')).not.toContain('base-satellite-borders');
  });

  it('turns world-atlas into countries (two shades) and the borders between them', () => {
    const world = JSON.parse(readFileSync('node_modules/world-atlas/countries-50m.json', 'utf8'));
    const shapes = toWorldShapes(world);
    expect(shapes.countries.features.length).toBeGreaterThan(200);
    const norway = shapes.countries.features.find((country) => country.properties?.name === 'Norway');
    expect(norway?.properties?.shade === 0 || norway?.properties?.shade === 1).toBe(true);
    expect(shapes.borders.coordinates.length).toBeGreaterThan(100);
  });
});

describe('geofence shapes', () => {
  it('draws a circle as a polygon whose points lie at the radius, and reads it back', () => {
    const feature = circlePolygon(oslo, 2_500);
    const ring = feature.geometry.coordinates[0];
    expect(ring.length).toBe(65);
    for (const [lng, lat] of ring) expect(metresBetween(oslo, { lat, lng })).toBeCloseTo(2_500, -1);
    expect(featureGeofence(feature)).toEqual({ type: 'circle', center: oslo, radius: 2_500 });
    expect(featureGeofence(geofenceFeature({ type: 'circle', center: oslo, radius: 300 }))).toEqual({
      type: 'circle',
      center: oslo,
      radius: 300,
    });
  });

  it('reads a drawn polygon back as an open ring', () => {
    const points = [
      { lat: 59.9, lng: 10.7 },
      { lat: 59.95, lng: 10.8 },
      { lat: 59.88, lng: 10.85 },
    ];
    const feature = geofenceFeature({ type: 'polygon', points });
    expect(feature.geometry.coordinates[0]).toHaveLength(4);
    expect(featureGeofence(feature)).toEqual({ type: 'polygon', points });
    expect(geofenceCorners({ type: 'polygon', points })).toEqual(points);
    expect(
      featureGeofence({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[10, 59]]] } }),
    ).toBeNull();
  });

  it('keeps an edited circle round: moved, the centre follows; a point dragged, the radius follows', () => {
    const feature = circlePolygon(oslo, 1_000);
    const moved = {
      ...feature,
      geometry: {
        ...feature.geometry,
        coordinates: [feature.geometry.coordinates[0].map(([lng, lat]) => [lng + 0.5, lat + 0.2])],
      },
    };
    const afterMove = featureGeofence(reshapedCircle(moved, 'move')!);
    expect(afterMove).toMatchObject({ type: 'circle', radius: 1_000 });
    expect(afterMove?.type === 'circle' && afterMove.center.lat).toBeCloseTo(oslo.lat + 0.2, 3);
    expect(afterMove?.type === 'circle' && afterMove.center.lng).toBeCloseTo(oslo.lng + 0.5, 3);

    for (const radius of [3_000, 400]) {
      const ring = feature.geometry.coordinates[0].map((position) => [...position]);
      const [lng, lat] = circlePolygon(oslo, radius).geometry.coordinates[0][10];
      ring[10] = [lng, lat];
      const dragged = { ...feature, geometry: { type: 'Polygon' as const, coordinates: [ring] } };
      expect(featureGeofence(reshapedCircle(dragged, 'change_coordinates')!)).toEqual({
        type: 'circle',
        center: oslo,
        radius,
      });
    }
    expect(
      reshapedCircle(
        geofenceFeature({ type: 'polygon', points: [oslo, { lat: 60, lng: 11 }, { lat: 59, lng: 11 }] }),
        'move',
      ),
    ).toBeNull();
  });
});

/** The map configuration the server gives for these variables (lib/env reads the environment once: a fresh copy each). */
async function mapConfigWith(variables: Record<string, string>) {
  const names = Object.keys(process.env).filter((name) => name.startsWith('MAP_') || name === 'GEOCODER_URL');
  const saved = { ...process.env };
  for (const name of names) delete process.env[name];
  Object.assign(process.env, variables);
  try {
    let result: { config: MapConfig; geocoder: string | null; templates: string[] } | undefined;
    await jest.isolateModulesAsync(async () => {
      const module = await import('@/lib/map/get-map-config');
      result = { config: module.getMapConfig(), geocoder: module.geocoderUrl(), templates: module.mapTileTemplates() };
    });
    return result as NonNullable<typeof result>;
  } finally {
    process.env = saved;
  }
}

describe('map configuration', () => {
  it('with nothing set uses OpenStreetMap, Esri imagery (with place names for hybrid), OpenTopoMap and Nominatim', async () => {
    const { config, geocoder, templates } = await mapConfigWith({});
    expect(config.geocoder).toBe(true);
    expect(geocoder).toBe('https://nominatim.openstreetmap.org/search');
    expect(config.layers.road).toEqual({
      tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      labels: null,
      attribution: expect.stringContaining('OpenStreetMap</a> contributors'),
      maxZoom: 19,
    });
    expect(config.layers.satellite).toMatchObject({
      tiles: expect.stringContaining('server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile'),
      labels: null,
      attribution: expect.stringContaining('Esri, Maxar, Earthstar Geographics'),
    });
    expect(config.layers.hybrid).toMatchObject({
      tiles: config.layers.satellite?.tiles,
      labels: expect.stringContaining('Reference/World_Boundaries_and_Places'),
    });
    expect(config.layers.terrain).toMatchObject({
      tiles: 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('OpenTopoMap'),
      maxZoom: 17,
    });
    expect(new Set(templates.map((template) => new URL(template.replace(/[{}]/g, '')).host))).toEqual(
      new Set(['tile.openstreetmap.org', 'server.arcgisonline.com', 'tile.opentopomap.org']),
    );
  });

  it("takes each layer's template and credit, offline per layer, and search off", async () => {
    const { config, geocoder } = await mapConfigWith({
      MAP_TILES_ROAD: 'https://tiles.example.test/road/{z}/{x}/{y}.png',
      MAP_TILES_ROAD_ATTRIBUTION: '© Road Co',
      MAP_TILES_HYBRID: 'https://tiles.example.test/imagery/{z}/{y}/{x}',
      MAP_TILES_HYBRID_LABELS: 'https://tiles.example.test/labels/{z}/{y}/{x}',
      MAP_TILES_ATTRIBUTION: '© Example Tiles',
      MAP_TILES_TERRAIN: 'offline',
      GEOCODER_URL: 'off',
    });
    expect(config.layers.road).toEqual({
      tiles: 'https://tiles.example.test/road/{z}/{x}/{y}.png',
      labels: null,
      attribution: '© Road Co',
      maxZoom: 19,
    });
    expect(config.layers.hybrid).toMatchObject({
      labels: 'https://tiles.example.test/labels/{z}/{y}/{x}',
      attribution: '© Example Tiles',
    });
    expect(config.layers.satellite?.tiles).toContain('World_Imagery');
    expect(config.layers.terrain).toBeNull();
    expect(config.geocoder).toBe(false);
    expect(geocoder).toBeNull();
  });

  it('MAP_OFFLINE=true: the built-in map on every layer, no tile host, and search only with a GEOCODER_URL', async () => {
    const airGapped = await mapConfigWith({ MAP_OFFLINE: 'true' });
    expect(airGapped.config).toEqual({
      layers: { road: null, satellite: null, hybrid: null, terrain: null },
      geocoder: false,
    });
    expect(airGapped.templates).toEqual([]);
    const ownGeocoder = await mapConfigWith({ MAP_OFFLINE: 'true', GEOCODER_URL: 'http://nominatim.internal/search' });
    expect(ownGeocoder.geocoder).toBe('http://nominatim.internal/search');
  });

  it('refuses a template without {z}, {x} and {y}', async () => {
    await expect(mapConfigWith({ MAP_TILES_ROAD: 'https://tiles.example.test/road.png' })).rejects.toThrow(
      'MAP_TILES_ROAD: must be an http(s) URL template with {z}, {x} and {y}, or offline',
    );
  });
});
