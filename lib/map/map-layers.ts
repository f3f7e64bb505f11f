// Shared by the server (GET /api/map/config) and the map component: the four base layers of spec §2 Map.

export const MAP_LAYERS = ['road', 'satellite', 'hybrid', 'terrain'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];

export function isMapLayer(value: unknown): value is MapLayer {
  return typeof value === 'string' && (MAP_LAYERS as readonly string[]).includes(value);
}

/** GET /api/map/config: a raster tile URL template per layer (null = the built-in offline base map). */
export interface MapConfig {
  layers: Record<MapLayer, string | null>;
  attribution: string | null;
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
