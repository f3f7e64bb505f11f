import { polygonBounds, type Bounds } from '@/lib/geo/geofence-bounds';
import type { Geofence } from '@/lib/geo/geofence';

/** The Earth radius turf's distance() uses (metres): the exact test and the boxes must agree on it. */
const EARTH_RADIUS_METRES = 6_371_008.8;
/** Widening for floating-point error: a point on the edge must never fall out of the box. */
const SLACK_DEGREES = 1e-7;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Latitude/longitude boxes (longitudes within −180..180) whose union holds every point that pointInGeofence accepts: the
 * SQL pre-filter, before the exact test. A circle crossing ±180° gets two boxes; one reaching a pole gets every longitude.
 * A polygon's box is its planar extent, as turf's point-in-polygon test is planar in (lng, lat).
 */
export function areaBoxes(geofence: Geofence): Bounds[] {
  if (geofence.type === 'polygon') return [widen(polygonBounds(geofence))];
  return circleBoxes(geofence.center, geofence.radius);
}

/** Exact spherical extent of a circle (haversine distance ≤ radius), so the box never cuts the circle. */
function circleBoxes(center: { lat: number; lng: number }, radius: number): Bounds[] {
  const angular = radius / EARTH_RADIUS_METRES;
  const minLat = center.lat - toDegrees(angular);
  const maxLat = center.lat + toDegrees(angular);
  if (maxLat >= 90 || minLat <= -90) {
    return [widen({ minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLng: -180, maxLng: 180 })];
  }
  const halfWidth = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(toRadians(center.lat)))));
  const minLng = center.lng - halfWidth;
  const maxLng = center.lng + halfWidth;
  if (halfWidth >= 180) return [widen({ minLat, maxLat, minLng: -180, maxLng: 180 })];
  if (minLng < -180)
    return [
      widen({ minLat, maxLat, minLng: minLng + 360, maxLng: 180 }),
      widen({ minLat, maxLat, minLng: -180, maxLng }),
    ];
  if (maxLng > 180)
    return [
      widen({ minLat, maxLat, minLng, maxLng: 180 }),
      widen({ minLat, maxLat, minLng: -180, maxLng: maxLng - 360 }),
    ];
  return [widen({ minLat, maxLat, minLng, maxLng })];
}

function widen(box: Bounds): Bounds {
  return {
    minLat: box.minLat - SLACK_DEGREES,
    maxLat: box.maxLat + SLACK_DEGREES,
    minLng: box.minLng - SLACK_DEGREES,
    maxLng: box.maxLng + SLACK_DEGREES,
  };
}
