import type {
  BackgroundLayerSpecification,
  LayerSpecification,
  SourceSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { MAP_LAYERS, type MapConfig, type MapLayer } from '@/lib/map/map-layers';
import type { WorldShapes } from './world-shapes';

/** Credit of the built-in base map (world-atlas, made from Natural Earth's public-domain data). */
export const OFFLINE_ATTRIBUTION = 'Natural Earth';

/** The look of the built-in base map per layer, so that the layers stay told apart without tiles. */
interface OfflineLook {
  water: string;
  land: string;
  /** A second land colour (every other country), for the terrain look. */
  landAlt?: string;
  coast: string;
  border: string;
  borderWidth: number;
  graticule?: string;
}

export const OFFLINE_LOOKS: Record<MapLayer, OfflineLook> = {
  road: { water: '#aad3df', land: '#f2efe9', coast: '#8fb8c6', border: '#9e9cab', borderWidth: 0.8 },
  satellite: { water: '#0b1d33', land: '#2f3b2a', coast: '#1b2a1a', border: '#2f3b2a', borderWidth: 0 },
  hybrid: {
    water: '#0b1d33',
    land: '#2f3b2a',
    coast: '#5c6b56',
    border: '#f5d76e',
    borderWidth: 1.2,
    graticule: 'rgba(255,255,255,0.25)',
  },
  terrain: {
    water: '#a4c8e1',
    land: '#c9d9a5',
    landAlt: '#d8c49a',
    coast: '#7a8f5e',
    border: '#8a6f4e',
    borderWidth: 0.8,
    graticule: 'rgba(90,70,40,0.2)',
  },
};

const LAYER_PREFIX = 'base-';

/** Style layer ids of one map layer (they all start with base-<layer>-). */
export function styleLayerIds(style: StyleSpecification, layer: MapLayer): string[] {
  return style.layers.filter((entry) => entry.id.startsWith(`${LAYER_PREFIX}${layer}-`)).map((entry) => entry.id);
}

function rasterLayer(layer: MapLayer): LayerSpecification[] {
  return [{ id: `${LAYER_PREFIX}${layer}-tiles`, type: 'raster', source: `tiles-${layer}` }];
}

function offlineLayers(layer: MapLayer): LayerSpecification[] {
  const look = OFFLINE_LOOKS[layer];
  const id = (part: string) => `${LAYER_PREFIX}${layer}-${part}`;
  const landColor = look.landAlt ? ['case', ['==', ['get', 'shade'], 1], look.landAlt, look.land] : look.land;
  const layers: LayerSpecification[] = [
    {
      id: id('water'),
      type: 'background',
      paint: { 'background-color': look.water },
    } satisfies BackgroundLayerSpecification,
    {
      id: id('land'),
      type: 'fill',
      source: 'world-countries',
      paint: { 'fill-color': landColor as string, 'fill-antialias': true },
    },
    // Outlines of the countries: the coast where nothing else is drawn over them.
    {
      id: id('coast'),
      type: 'line',
      source: 'world-countries',
      paint: { 'line-color': look.coast, 'line-width': 0.8 },
    },
  ];
  if (look.borderWidth > 0)
    layers.push({
      id: id('borders'),
      type: 'line',
      source: 'world-borders',
      paint: { 'line-color': look.border, 'line-width': look.borderWidth },
    });
  if (look.graticule)
    layers.push({
      id: id('graticule'),
      type: 'line',
      source: 'graticule',
      paint: { 'line-color': look.graticule, 'line-width': 0.6 },
    });
  return layers;
}

/** Lines of latitude and longitude every 10 degrees. */
export function graticule(): GeoJSON.FeatureCollection<GeoJSON.LineString> {
  const lines: GeoJSON.Feature<GeoJSON.LineString>[] = [];
  const line = (coordinates: [number, number][]) =>
    lines.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } });
  for (let lng = -180; lng <= 180; lng += 10)
    line(Array.from({ length: 17 }, (_, i) => [lng, -80 + i * 10] as [number, number]));
  for (let lat = -80; lat <= 80; lat += 10)
    line(Array.from({ length: 37 }, (_, i) => [-180 + i * 10, lat] as [number, number]));
  return { type: 'FeatureCollection', features: lines };
}

/**
 * One style holding all four layers; only `visible` is shown. Switching layers toggles visibility instead of
 * replacing the style, so what is drawn on top (markers, geofences being edited) stays. A layer with a tile template
 * uses raster tiles; one without uses the built-in base map from `world` (no internet).
 */
export function baseStyle(config: MapConfig, world: WorldShapes | null, visible: MapLayer): StyleSpecification {
  const sources: Record<string, SourceSpecification> = {};
  const layers: LayerSpecification[] = [];
  const anyOffline = MAP_LAYERS.some((layer) => config.layers[layer] === null);
  if (anyOffline) {
    const empty: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
    sources['world-countries'] = { type: 'geojson', data: world?.countries ?? empty, attribution: OFFLINE_ATTRIBUTION };
    sources['world-borders'] = { type: 'geojson', data: world?.borders ?? empty };
    sources.graticule = { type: 'geojson', data: graticule() };
  }
  for (const layer of MAP_LAYERS) {
    const template = config.layers[layer];
    if (template) {
      sources[`tiles-${layer}`] = {
        type: 'raster',
        tiles: [template],
        tileSize: 256,
        maxzoom: 19,
        ...(config.attribution ? { attribution: config.attribution } : {}),
      };
      layers.push(...rasterLayer(layer));
    } else {
      layers.push(...offlineLayers(layer));
    }
  }
  for (const entry of layers) {
    const shown = entry.id.startsWith(`${LAYER_PREFIX}${visible}-`);
    entry.layout = { ...entry.layout, visibility: shown ? 'visible' : 'none' } as typeof entry.layout;
  }
  return { version: 8, sources, layers };
}
