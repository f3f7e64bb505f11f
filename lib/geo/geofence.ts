import { kinks } from '@turf/kinks';
import { polygon } from '@turf/helpers';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { validationMessages } from '@/lib/http-parts/validation-messages';
import { circleBounds, polygonBounds, type Bounds, type LatLng } from './geofence-bounds';

/** A location's area (spec §3): a circle (centre, radius in metres) or a polygon stored as an open ring. */
export type Geofence = { type: 'circle'; center: LatLng; radius: number } | { type: 'polygon'; points: LatLng[] };

export const MIN_RADIUS_METRES = 1;
export const MAX_RADIUS_METRES = 500_000;
export const MAX_POLYGON_POINTS = 2_000;

const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

const circle = z.object({
  type: z.literal('circle'),
  center: latLng,
  radius: z.number().min(MIN_RADIUS_METRES).max(MAX_RADIUS_METRES),
});

const samePoint = (a: LatLng, b: LatLng) => a.lat === b.lat && a.lng === b.lng;

/** The ring without its closing point and without repeated neighbours (a double click while drawing). */
function openRing(points: LatLng[]): LatLng[] {
  const ring = points.filter((point, index) => index === 0 || !samePoint(point, points[index - 1]));
  while (ring.length > 1 && samePoint(ring[0], ring[ring.length - 1])) ring.pop();
  return ring;
}

function twiceSignedArea(ring: LatLng[]): number {
  return ring.reduce((sum, point, index) => {
    const next = ring[(index + 1) % ring.length];
    return sum + point.lng * next.lat - next.lng * point.lat;
  }, 0);
}

function polygonProblem(ring: LatLng[]): string | null {
  if (ring.length < 3) return 'geofence.points needs at least 3 distinct points';
  const distinct = new Set(ring.map((point) => `${point.lat},${point.lng}`));
  if (distinct.size !== ring.length) return 'geofence.points must not visit a point twice';
  const closed = [...ring, ring[0]].map((point) => [point.lng, point.lat]);
  if (kinks(polygon([closed])).features.length > 0) return 'geofence.points must not cross itself';
  if (twiceSignedArea(ring) === 0) return 'geofence.points must enclose an area';
  return null;
}

const polygonGeofence = z
  .object({ type: z.literal('polygon'), points: z.array(latLng).min(1).max(MAX_POLYGON_POINTS) })
  .transform((value, context) => {
    const points = openRing(value.points);
    const problem = polygonProblem(points);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem, path: ['points'], input: value.points });
      return z.NEVER;
    }
    return { type: 'polygon' as const, points };
  });

/** A valid geofence; a polygon comes out as an open ring (first point not repeated). */
export const geofenceSchema: z.ZodType<Geofence, unknown> = z.discriminatedUnion('type', [circle, polygonGeofence]);

/**
 * The geofence of a location body: 400 "Missing Geofence" (code missingGeofence) when absent,
 * 400 with the field messages (code invalidGeofence) when not valid.
 */
export function parseGeofence(value: unknown): Geofence {
  if (value === undefined || value === null)
    throw ApiError.badRequest('Missing Geofence').with({ code: 'missingGeofence' });
  const result = z.object({ geofence: geofenceSchema }).safeParse({ geofence: value });
  if (!result.success) {
    throw new ApiError(400, validationMessages(result.error, { geofence: value })).with({ code: 'invalidGeofence' });
  }
  return result.data.geofence;
}

/** The bounding box stored beside the geofence (Location.minLat..maxLng) for the SQL pre-filter. */
export function geofenceBounds(geofence: Geofence): Bounds {
  return geofence.type === 'circle' ? circleBounds(geofence) : polygonBounds(geofence);
}
