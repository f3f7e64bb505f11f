import { describe, it, expect } from '@jest/globals';
import { circle } from '@turf/circle';
import { pointInGeofence } from '@/lib/geo/point-in-geofence';
import type { Bounds } from '@/lib/geo/geofence-bounds';
import type { Geofence } from '@/lib/geo/geofence';
import { areaBoxes } from '@/lib/targeting/area-boxes';

const inBoxes = (boxes: Bounds[], at: { lat: number; lng: number }) =>
  boxes.some((box) => at.lat >= box.minLat && at.lat <= box.maxLat && at.lng >= box.minLng && at.lng <= box.maxLng);

/** Points just inside the circle's edge, all around it (turf's own geodesic circle, as the exact test measures). */
function edgePoints(center: { lat: number; lng: number }, radius: number) {
  const ring = circle([center.lng, center.lat], radius * 0.999999, { units: 'meters', steps: 720 }).geometry
    .coordinates[0];
  return ring.map(([lng, lat]) => ({ lat, lng: ((lng + 540) % 360) - 180 }));
}

describe('areaBoxes (SQL pre-filter of the targeting)', () => {
  it.each([
    ['Oslo, 250 m', { lat: 59.9139, lng: 10.7522 }, 250],
    ['far north, 500 km', { lat: 78, lng: 15 }, 500_000],
    ['equator, 300 km', { lat: 0, lng: 0 }, 300_000],
    ['across +180°, 100 km', { lat: -17, lng: 179.8 }, 100_000],
    ['across −180°, 100 km', { lat: 65, lng: -179.9 }, 100_000],
    ['over the north pole', { lat: 88, lng: 40 }, 400_000],
  ])('keeps every point of a circle (%s) that the exact test accepts', (_name, center, radius) => {
    const geofence: Geofence = { type: 'circle', center, radius };
    const boxes = areaBoxes(geofence);
    const points = edgePoints(center, radius).filter((point) => pointInGeofence(point, geofence));
    expect(points.length).toBeGreaterThan(600);
    for (const point of points) expect(inBoxes(boxes, point)).toBe(true);
    expect(inBoxes(boxes, center)).toBe(true);
  });

  it('splits a circle crossing ±180° into two boxes and leaves out the far side of the world', () => {
    const boxes = areaBoxes({ type: 'circle', center: { lat: -17, lng: 179.8 }, radius: 100_000 });
    expect(boxes).toHaveLength(2);
    expect(inBoxes(boxes, { lat: -17, lng: -179.5 })).toBe(true);
    expect(inBoxes(boxes, { lat: -17, lng: 0 })).toBe(false);
  });

  it('takes every longitude for a circle that reaches a pole', () => {
    const [box] = areaBoxes({ type: 'circle', center: { lat: 88, lng: 40 }, radius: 400_000 });
    expect(box).toMatchObject({ maxLat: expect.any(Number), minLng: expect.any(Number) });
    expect(box.minLng).toBeLessThanOrEqual(-180);
    expect(box.maxLng).toBeGreaterThanOrEqual(180);
    expect(box.maxLat).toBeGreaterThanOrEqual(90);
  });

  it('gives a polygon its extent, including the vertices themselves', () => {
    const points = [
      { lat: 59, lng: 10 },
      { lat: 59, lng: 11 },
      { lat: 60.5, lng: 10.5 },
    ];
    const boxes = areaBoxes({ type: 'polygon', points });
    for (const point of points) expect(inBoxes(boxes, point)).toBe(true);
    expect(inBoxes(boxes, { lat: 58.99, lng: 10.5 })).toBe(false);
    expect(inBoxes(boxes, { lat: 59.5, lng: 11.01 })).toBe(false);
  });
});
