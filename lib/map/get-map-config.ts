import { env } from '@/lib/env';
import type { MapConfig, MapLayer, TileLayer } from './map-layers';

// The map's services (spec §6: a maps service). Unset, each layer uses a well-known service that may be used freely
// with its credit shown, and the place search uses OpenStreetMap's Nominatim; the browser falls back to the built-in
// offline map when the tiles cannot be loaded (components/map/tile-fallback.ts).

const OSM_CREDIT = '© <a href="https://www.openstreetmap.org/copyright" target="_blank">OpenStreetMap</a> contributors';
const ESRI_IMAGERY = 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const ESRI_CREDIT = 'Imagery © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community';
const DEFAULT_MAX_ZOOM = 19;

export const DEFAULT_TILE_LAYERS: Record<MapLayer, TileLayer> = {
  road: {
    tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    labels: null,
    attribution: OSM_CREDIT,
    maxZoom: 19,
  },
  satellite: { tiles: ESRI_IMAGERY, labels: null, attribution: ESRI_CREDIT, maxZoom: 19 },
  hybrid: {
    tiles: ESRI_IMAGERY,
    labels:
      'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
    attribution: ESRI_CREDIT,
    maxZoom: 19,
  },
  terrain: {
    tiles: 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
    labels: null,
    attribution: `Map data: ${OSM_CREDIT}, SRTM | Map style: © <a href="https://opentopomap.org" target="_blank">OpenTopoMap</a> (CC-BY-SA)`,
    maxZoom: 17,
  },
};

/** OpenStreetMap's public Nominatim: at most one search a second, with an identifying User-Agent (its usage policy). */
export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

function settingsOf(layer: MapLayer): { tiles: string | undefined; attribution: string | undefined } {
  switch (layer) {
    case 'road':
      return { tiles: env.MAP_TILES_ROAD, attribution: env.MAP_TILES_ROAD_ATTRIBUTION };
    case 'satellite':
      return { tiles: env.MAP_TILES_SATELLITE, attribution: env.MAP_TILES_SATELLITE_ATTRIBUTION };
    case 'hybrid':
      return { tiles: env.MAP_TILES_HYBRID, attribution: env.MAP_TILES_HYBRID_ATTRIBUTION };
    case 'terrain':
      return { tiles: env.MAP_TILES_TERRAIN, attribution: env.MAP_TILES_TERRAIN_ATTRIBUTION };
  }
}

/** A layer's tiles: the configured template (or `offline`), else the default service; MAP_OFFLINE turns all off. */
function tileLayer(layer: MapLayer): TileLayer | null {
  const setting = settingsOf(layer);
  if (env.MAP_OFFLINE || setting.tiles === 'offline') return null;
  const fallback = DEFAULT_TILE_LAYERS[layer];
  if (setting.tiles === undefined || setting.tiles === fallback.tiles) {
    const labels = layer === 'hybrid' && env.MAP_TILES_HYBRID_LABELS ? env.MAP_TILES_HYBRID_LABELS : fallback.labels;
    return {
      ...fallback,
      labels: labels === 'none' ? null : labels,
      attribution: setting.attribution ?? fallback.attribution,
    };
  }
  const labels = layer === 'hybrid' ? env.MAP_TILES_HYBRID_LABELS : undefined;
  return {
    tiles: setting.tiles,
    labels: labels && labels !== 'none' ? labels : null,
    attribution: setting.attribution ?? env.MAP_TILES_ATTRIBUTION ?? '',
    maxZoom: DEFAULT_MAX_ZOOM,
  };
}

/** The place search endpoint: GEOCODER_URL, else Nominatim (none with MAP_OFFLINE or GEOCODER_URL=off). */
export function geocoderUrl(): string | null {
  if (env.GEOCODER_URL === 'off') return null;
  return env.GEOCODER_URL ?? (env.MAP_OFFLINE ? null : DEFAULT_GEOCODER_URL);
}

/** The map's tile layers and whether place search is on, from the server's environment. */
export function getMapConfig(): MapConfig {
  return {
    layers: {
      road: tileLayer('road'),
      satellite: tileLayer('satellite'),
      hybrid: tileLayer('hybrid'),
      terrain: tileLayer('terrain'),
    },
    geocoder: geocoderUrl() !== null,
  };
}

/** Every tile URL template the map may load (for the page's Content-Security-Policy). */
export function mapTileTemplates(): string[] {
  return Object.values(getMapConfig().layers).flatMap((layer) =>
    layer ? [layer.tiles, ...(layer.labels ? [layer.labels] : [])] : [],
  );
}
