import { apiQuery } from '@/components/ui/api-query';
import { api } from '@/lib/http/client';
import type { Geofence } from '@/lib/geo/geofence';
import type { listLocations } from '@/lib/locations/list-locations';
import type { LocationView } from '@/lib/locations/location-view';

// The location calls of the console: the answers are the server functions' own types (type imports only).

/** A location as the API answers it: `{ locationId, name, geofence }`. */
export type Location = LocationView;
export type LocationsAnswer = Awaited<ReturnType<typeof listLocations>>;

/** The body of POST /api/locations and PUT /api/locations/{id}. */
export interface LocationBody {
  name: string;
  geofence: Geofence;
}

const locationPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}`;

/** The company's locations by name. */
export const locationsQuery = apiQuery<LocationsAnswer>('/api/locations');

export const locationsApi = {
  create: (body: LocationBody) => api.post<Location>('/api/locations', body),
  update: (locationId: string, body: LocationBody) => api.put<Location>(locationPath(locationId), body),
  remove: (locationId: string) => api.delete(locationPath(locationId)),
};
