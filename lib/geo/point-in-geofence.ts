import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import { point, polygon } from '@turf/helpers';
import type { Geofence } from './geofence';
import type { LatLng } from './geofence-bounds';

const position = (at: LatLng) => [at.lng, at.lat];

/** Whether a position lies inside a geofence (on the edge counts as inside). Pre-filter by the stored bounds in SQL first. */
export function pointInGeofence(at: LatLng, geofence: Geofence): boolean {
  if (geofence.type === 'circle') {
    return distance(point(position(at)), point(position(geofence.center)), { units: 'meters' }) <= geofence.radius;
  }
  const ring = [...geofence.points, geofence.points[0]].map(position);
  return booleanPointInPolygon(point(position(at)), polygon([ring]));
}
