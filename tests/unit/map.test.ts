import { describe, it, expect } from '@jest/globals';
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
  attribution: null,
  geocoder: false,
};
const oslo = { lat: 59.91, lng: 10.75 };

describe('base map style', () => {
  it('holds every layer, shows only the chosen one, and uses tiles where a template is set', () => {
    const config: MapConfig = {
      ...offline,
      layers: { ...offline.layers, satellite: 'https://tiles.example.test/{z}/{y}/{x}' },
      attribution: '© Example',
    };
    const style = baseStyle(config, null, 'satellite');
    for (const layer of MAP_LAYERS) expect(styleLayerIds(style, layer).length).toBeGreaterThan(0);
    const visible = style.layers.filter((layer) => layer.layout?.visibility === 'visible').map((layer) => layer.id);
    expect(visible).toEqual(['base-satellite-tiles']);
    expect(style.sources['tiles-satellite']).toMatchObject({
      type: 'raster',
      tiles: ['https://tiles.example.test/{z}/{y}/{x}'],
      attribution: '© Example',
    });
    expect(style.sources['tiles-road']).toBeUndefined();
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
