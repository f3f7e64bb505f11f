import { apiQuery } from '@/components/ui/api-query';
import type { Geofence } from '@/lib/geo/geofence';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { createLocation } from '@/lib/locations/create-location';
import type { deleteLocation } from '@/lib/locations/delete-location';
import type { listLocations } from '@/lib/locations/list-locations';
import type { updateLocation } from '@/lib/locations/update-location';

// The location calls of the console: the answers are the server functions' own types (type imports only).

export type LocationsAnswer = AnswerOf<typeof listLocations>;
/** A location as the API answers it: `{ locationId, name, geofence }`. */
export type Location = LocationsAnswer['locations'][number];

/** The body of POST /api/locations and PUT /api/locations/{id}. */
export interface LocationBody {
  name: string;
  geofence: Geofence;
}

const locationPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}`;

/** The company's locations by name. */
export const locationsQuery = apiQuery<LocationsAnswer>('/api/locations');

export const locationsApi = {
  create: (body: LocationBody) => api.post<AnswerOf<typeof createLocation>>('/api/locations', body),
  update: (locationId: string, body: LocationBody) =>
    api.put<AnswerOf<typeof updateLocation>>(locationPath(locationId), body),
  remove: (locationId: string) => api.delete<AnswerOf<typeof deleteLocation>>(locationPath(locationId)),
};
