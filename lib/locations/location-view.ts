import type { Geofence } from '@/lib/geo/geofence';

/** The API shape of a location (spec §3): `{ locationId, name, geofence }`. */
export function locationView(location: { id: string; name: string; geofence: unknown }) {
  return { locationId: location.id, name: location.name, geofence: location.geofence as Geofence };
}

export type LocationView = ReturnType<typeof locationView>;
