// Shared by the server (GET /api/map/config) and the map component: the four base layers of spec §2 Map.

export const MAP_LAYERS = ['road', 'satellite', 'hybrid', 'terrain'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];

export function isMapLayer(value: unknown): value is MapLayer {
  return typeof value === 'string' && (MAP_LAYERS as readonly string[]).includes(value);
}

/** A layer drawn from raster tiles. */
export interface TileLayer {
  /** The tile URL template ({z}, {x}, {y}). */
  tiles: string;
  /** Tiles drawn over them (the hybrid layer's place names and borders), or null. */
  labels: string | null;
  /** The credit shown on the map while the layer is shown (HTML, as tile services give it). */
  attribution: string;
  /** The deepest zoom the service has tiles for; the map enlarges those beyond it. */
  maxZoom: number;
}

/** GET /api/map/config: each layer's tiles (null = the built-in offline base map) and whether place search is on. */
export interface MapConfig {
  layers: Record<MapLayer, TileLayer | null>;
  /** Whether GET /api/map/search has a geocoder behind it. */
  geocoder: boolean;
}

/** GET /api/map/search: places found for a text, best first. bbox is [west, south, east, north]. */
export interface PlaceResult {
  name: string;
  lat: number;
  lng: number;
  bbox?: [number, number, number, number];
}
