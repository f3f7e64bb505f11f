import { env } from '@/lib/env';
import type { MapConfig } from './map-layers';

/** The map's tile templates and whether place search is on, from the server's environment (spec §6: a maps service). */
export function getMapConfig(): MapConfig {
  return {
    layers: {
      road: env.MAP_TILES_ROAD ?? null,
      satellite: env.MAP_TILES_SATELLITE ?? null,
      hybrid: env.MAP_TILES_HYBRID ?? null,
      terrain: env.MAP_TILES_TERRAIN ?? null,
    },
    attribution: env.MAP_TILES_ATTRIBUTION ?? null,
    geocoder: env.GEOCODER_URL !== undefined,
  };
}
