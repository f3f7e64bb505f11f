import type { Prisma } from '@/lib/generated/prisma/client';
import { geofenceBounds, parseGeofence } from '@/lib/geo/geofence';
import type { LocationBody } from './location-body';

/** The columns a location body is saved as: the checked geofence (polygons as open rings) and its bounding box. */
export function locationData(input: LocationBody) {
  const geofence = parseGeofence(input.geofence);
  return { name: input.name, geofence: geofence as unknown as Prisma.InputJsonObject, ...geofenceBounds(geofence) };
}
