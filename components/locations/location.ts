import type { Geofence } from '@/lib/geo/geofence';

/** A location as the API answers it (contract: `{ locationId, name, geofence }`). */
export interface Location {
  locationId: string;
  name: string;
  geofence: Geofence;
}

export interface LocationsAnswer {
  locations: Location[];
}

export const byName = (a: Location, b: Location) => a.name.localeCompare(b.name);
