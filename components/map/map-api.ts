import { api } from '@/lib/http/client';
import type { MapConfig, PlaceResult } from '@/lib/map/map-layers';

// The map's calls: its configuration (tile servers, geocoder) and the place search.

export interface PlaceResults {
  results: PlaceResult[];
}

export const mapApi = {
  config: () => api.get<MapConfig>('/api/map/config'),
  /** Places by name through the server's geocoder. */
  search: (query: string) => api.get<PlaceResults>(`/api/map/search?q=${encodeURIComponent(query)}`),
};
