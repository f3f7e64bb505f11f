import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { getMapConfig } from '@/lib/map/get-map-config';
import type { searchPlaces } from '@/lib/map/search-places';

// The map's calls: its configuration (tile servers, geocoder) and the place search.

export type MapConfig = AnswerOf<typeof getMapConfig>;
export type PlaceResults = AnswerOf<typeof searchPlaces>;

export const mapApi = {
  config: () => api.get<MapConfig>('/api/map/config'),
  /** Places by name through the server's geocoder. */
  search: (query: string) => api.get<PlaceResults>(`/api/map/search?q=${encodeURIComponent(query)}`),
};
