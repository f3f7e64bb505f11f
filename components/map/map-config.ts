import { isMapLayer, type MapConfig, type MapLayer } from '@/lib/map/map-layers';
import { mapApi } from './map-api';

/** What the map uses when the configuration cannot be fetched: the built-in base map and no place search. */
export const BUILT_IN_CONFIG: MapConfig = {
  layers: { road: null, satellite: null, hybrid: null, terrain: null },
  geocoder: false,
};

let loading: Promise<MapConfig> | null = null;

/** The map configuration, fetched once per page load (it only changes with the server's environment). */
export function loadMapConfig(): Promise<MapConfig> {
  loading ??= mapApi.config().catch(() => {
    loading = null;
    return BUILT_IN_CONFIG;
  });
  return loading;
}

export const LAYER_STORAGE_KEY = 'tocsin.mapLayer';
export const DEFAULT_LAYER: MapLayer = 'road';

/** The layer chosen last (spec §2: remembered), or road. */
export function storedLayer(): MapLayer {
  try {
    const value = window.localStorage.getItem(LAYER_STORAGE_KEY);
    return isMapLayer(value) ? value : DEFAULT_LAYER;
  } catch {
    return DEFAULT_LAYER;
  }
}

export function storeLayer(layer: MapLayer): void {
  try {
    window.localStorage.setItem(LAYER_STORAGE_KEY, layer);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
