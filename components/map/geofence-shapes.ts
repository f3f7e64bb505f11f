import circle from '@turf/circle';
import distance from '@turf/distance';
import type { LatLng } from '@/lib/geo/geofence-bounds';
import type { Geofence } from '@/lib/geo/geofence';

// Conversions between the contract's geofences and the GeoJSON polygons drawn on the map. A circle is drawn as a
// 64-sided polygon that carries its centre and radius in its properties.

export const CIRCLE_STEPS = 64;

export interface CircleProperties {
  circle: true;
  radius: number;
  centerLat: number;
  centerLng: number;
}

export function circlePolygon(center: LatLng, radius: number): GeoJSON.Feature<GeoJSON.Polygon, CircleProperties> {
  const shape = circle([center.lng, center.lat], radius / 1000, { steps: CIRCLE_STEPS, units: 'kilometers' });
  return {
    type: 'Feature',
    properties: { circle: true, radius, centerLat: center.lat, centerLng: center.lng },
    geometry: shape.geometry,
  };
}

export function metresBetween(a: LatLng, b: LatLng): number {
  return distance([a.lng, a.lat], [b.lng, b.lat], { units: 'kilometers' }) * 1000;
}

function circleOf(feature: GeoJSON.Feature): { center: LatLng; radius: number } | null {
  const props = feature.properties;
  if (props?.circle !== true || !(Number(props.radius) > 0)) return null;
  return { center: { lat: Number(props.centerLat), lng: Number(props.centerLng) }, radius: Number(props.radius) };
}

/**
 * A drawn circle after the user edited it, made round again: moved as a whole ('move'), its centre is the middle of
 * the new bounding box (a circle on the sphere is symmetric around its centre in latitude and longitude); with a
 * vertex dragged ('change_coordinates'), the centre stays and the radius follows the vertex that moved the most.
 * Null for anything that is not a circle.
 */
export function reshapedCircle(
  feature: GeoJSON.Feature,
  action: 'move' | 'change_coordinates',
): GeoJSON.Feature<GeoJSON.Polygon, CircleProperties> | null {
  const old = circleOf(feature);
  if (!old || feature.geometry?.type !== 'Polygon') return null;
  const ring = feature.geometry.coordinates[0];
  if (action === 'move') return circlePolygon(ringBoundsCenter(ring), old.radius);
  const distances = ring.map(([lng, lat]) => metresBetween(old.center, { lat, lng }));
  const moved = distances.reduce(
    (best, value) => (Math.abs(value - old.radius) > Math.abs(best - old.radius) ? value : best),
    old.radius,
  );
  return circlePolygon(old.center, Math.max(1, moved));
}

export function geofenceFeature(geofence: Geofence): GeoJSON.Feature<GeoJSON.Polygon> {
  if (geofence.type === 'circle') return circlePolygon(geofence.center, geofence.radius);
  const ring = geofence.points.map((point) => [point.lng, point.lat]);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } };
}

function ringBoundsCenter(ring: GeoJSON.Position[]): LatLng {
  const lngs = ring.map((position) => position[0]);
  const lats = ring.map((position) => position[1]);
  return { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
}

const round = (value: number, digits = 6) => Number(value.toFixed(digits));
const roundPoint = (point: LatLng): LatLng => ({ lat: round(point.lat), lng: round(point.lng) });

/** The geofence of a drawn polygon: a circle when it carries a radius, else a polygon as an open ring. */
export function featureGeofence(feature: GeoJSON.Feature): Geofence | null {
  if (feature.geometry?.type !== 'Polygon') return null;
  const ring = feature.geometry.coordinates[0] ?? [];
  if (ring.length < 4) return null;
  const drawnCircle = circleOf(feature);
  if (drawnCircle)
    return {
      type: 'circle',
      center: roundPoint(drawnCircle.center),
      radius: Math.max(1, Math.round(drawnCircle.radius)),
    };
  const points = ring.slice(0, -1).map(([lng, lat]) => roundPoint({ lat, lng }));
  return { type: 'polygon', points };
}

/** Where the map should look to show a geofence: its corner points (a circle's bounding box). */
export function geofenceCorners(geofence: Geofence): LatLng[] {
  if (geofence.type === 'polygon') return geofence.points;
  const ring = circlePolygon(geofence.center, geofence.radius).geometry.coordinates[0];
  return ring.map(([lng, lat]) => ({ lat, lng }));
}
