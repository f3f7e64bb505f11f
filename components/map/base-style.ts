import type {
  BackgroundLayerSpecification,
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  SourceSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { MAP_LAYERS, type MapConfig, type MapLayer, type TileLayer } from '@/lib/map/map-layers';
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

/** The tiles' source id of a layer (its labels' source adds -labels). */
export function tileSourceId(layer: MapLayer): string {
  return `tiles-${layer}`;
}

function rasterSources(layer: MapLayer, tiles: TileLayer): Record<string, SourceSpecification> {
  const source = (template: string, attribution?: string): SourceSpecification => ({
    type: 'raster',
    tiles: [template],
    tileSize: 256,
    maxzoom: tiles.maxZoom,
    ...(attribution ? { attribution } : {}),
  });
  const sources = { [tileSourceId(layer)]: source(tiles.tiles, tiles.attribution) };
  if (tiles.labels) sources[`${tileSourceId(layer)}-labels`] = source(tiles.labels);
  return sources;
}

function rasterLayers(layer: MapLayer, tiles: TileLayer): LayerSpecification[] {
  const layers: LayerSpecification[] = [
    { id: `${LAYER_PREFIX}${layer}-tiles`, type: 'raster', source: tileSourceId(layer) },
  ];
  if (tiles.labels)
    layers.push({ id: `${LAYER_PREFIX}${layer}-labels`, type: 'raster', source: `${tileSourceId(layer)}-labels` });
  return layers;
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

function offlineSources(world: WorldShapes | null): Record<string, SourceSpecification> {
  const empty: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
  return {
    'world-countries': { type: 'geojson', data: world?.countries ?? empty, attribution: OFFLINE_ATTRIBUTION },
    'world-borders': { type: 'geojson', data: world?.borders ?? empty },
    graticule: { type: 'geojson', data: graticule() },
  };
}

function withVisibility(layers: LayerSpecification[], shown: boolean): LayerSpecification[] {
  return layers.map(
    (entry) =>
      ({ ...entry, layout: { ...entry.layout, visibility: shown ? 'visible' : 'none' } }) as LayerSpecification,
  );
}

/**
 * One style holding all four layers; only `visible` is shown. Switching layers toggles visibility instead of
 * replacing the style, so what is drawn on top (markers, geofences being edited) stays. A layer with tiles uses
 * raster tiles (and their credit); one without uses the built-in base map from `world` (no internet).
 */
export function baseStyle(config: MapConfig, world: WorldShapes | null, visible: MapLayer): StyleSpecification {
  let sources: Record<string, SourceSpecification> = {};
  const layers: LayerSpecification[] = [];
  if (MAP_LAYERS.some((layer) => config.layers[layer] === null)) sources = offlineSources(world);
  for (const layer of MAP_LAYERS) {
    const tiles = config.layers[layer];
    if (tiles) Object.assign(sources, rasterSources(layer, tiles));
    layers.push(...withVisibility(tiles ? rasterLayers(layer, tiles) : offlineLayers(layer), layer === visible));
  }
  return { version: 8, sources, layers };
}

/**
 * Replaces a layer's tiles on a live map by the built-in base map (its tiles could not be loaded), below whatever is
 * drawn over the base layers, keeping the layer shown or hidden as it was.
 */
export function showBuiltInMapFor(map: MapLibreMap, layer: MapLayer, world: WorldShapes | null): void {
  const style = map.getStyle();
  const ids = styleLayerIds(style, layer);
  const shown = ids.some((id) => map.getLayoutProperty(id, 'visibility') !== 'none');
  for (const id of ids) map.removeLayer(id);
  for (const id of [tileSourceId(layer), `${tileSourceId(layer)}-labels`]) if (map.getSource(id)) map.removeSource(id);
  for (const [id, source] of Object.entries(offlineSources(world))) {
    if (!map.getSource(id)) map.addSource(id, source);
  }
  if (world) fillWorld(map, world);
  const above = style.layers.find((entry) => !entry.id.startsWith(LAYER_PREFIX))?.id;
  for (const entry of withVisibility(offlineLayers(layer), shown)) map.addLayer(entry, above);
}

/** Gives the built-in base map its shapes once they are loaded (the map was made before they were needed). */
export function fillWorld(map: MapLibreMap, world: WorldShapes): void {
  map.getSource<GeoJSONSource>('world-countries')?.setData(world.countries);
  map.getSource<GeoJSONSource>('world-borders')?.setData(world.borders);
}
