import { describe, it, expect } from '@jest/globals';
import { pointInGeofence } from '@/lib/geo/point-in-geofence';
import { geofenceBounds, parseGeofence, type Geofence } from '@/lib/geo/geofence';

const oslo = { lat: 59.9139, lng: 10.7522 };
const square = [
  { lat: 59, lng: 10 },
  { lat: 59, lng: 11 },
  { lat: 60, lng: 11 },
  { lat: 60, lng: 10 },
];

function failure(value: unknown) {
  try {
    parseGeofence(value);
  } catch (error) {
    const { status, messages, details } = error as { status: number; messages: string[]; details: { code?: string } };
    return { status, messages, code: details.code };
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

describe('parseGeofence', () => {
  it('accepts a circle as given', () => {
    expect(parseGeofence({ type: 'circle', center: oslo, radius: 250 })).toEqual({
      type: 'circle',
      center: oslo,
      radius: 250,
    });
  });

  it('stores a polygon as an open ring whether it was given open or closed', () => {
    expect(parseGeofence({ type: 'polygon', points: square })).toEqual({ type: 'polygon', points: square });
    expect(parseGeofence({ type: 'polygon', points: [...square, square[0]] })).toEqual({
      type: 'polygon',
      points: square,
    });
    const doubled = [square[0], square[1], square[1], square[2], square[3], square[0]];
    expect(parseGeofence({ type: 'polygon', points: doubled })).toEqual({ type: 'polygon', points: square });
  });

  it('answers missingGeofence when there is none', () => {
    expect(failure(undefined)).toEqual({ status: 400, messages: ['Missing Geofence'], code: 'missingGeofence' });
    expect(failure(null).code).toBe('missingGeofence');
  });

  it.each([
    [{ type: 'circle', center: oslo, radius: 0 }, 'geofence.radius is not valid'],
    [{ type: 'circle', center: oslo, radius: 500_001 }, 'geofence.radius is not valid'],
    [{ type: 'circle', center: { lat: 90.5, lng: 10 }, radius: 10 }, 'geofence.center.lat is not valid'],
    [{ type: 'circle', center: { lat: 60, lng: -181 }, radius: 10 }, 'geofence.center.lng is not valid'],
    [
      { type: 'polygon', points: [square[0], square[1], square[0]] },
      'geofence.points needs at least 3 distinct points',
    ],
    [
      { type: 'polygon', points: [square[0], square[2], square[1], square[3]] },
      'geofence.points must not cross itself',
    ],
    [
      { type: 'polygon', points: [square[0], square[1], square[2], square[1], square[3]] },
      'geofence.points must not visit a point twice',
    ],
    [
      {
        type: 'polygon',
        points: [
          { lat: 0, lng: 0 },
          { lat: 1, lng: 1 },
          { lat: 2, lng: 2 },
        ],
      },
      'geofence.points must enclose an area',
    ],
    [{ type: 'polygon', points: [{ lat: 95, lng: 0 }, square[1], square[2]] }, 'geofence.points.0.lat is not valid'],
    [{ type: 'square', points: square }, 'geofence.type is not valid'],
    ['here', 'geofence is not valid'],
  ])('answers invalidGeofence for %j', (value, message) => {
    expect(failure(value)).toEqual({ status: 400, messages: [message], code: 'invalidGeofence' });
  });
});

describe('geofenceBounds', () => {
  it('is the box around a polygon', () => {
    expect(geofenceBounds({ type: 'polygon', points: square })).toEqual({
      minLat: 59,
      maxLat: 60,
      minLng: 10,
      maxLng: 11,
    });
  });

  it('is the box around a circle, wider in longitude away from the equator', () => {
    const bounds = geofenceBounds({ type: 'circle', center: { lat: 60, lng: 10 }, radius: 111_320 });
    expect(bounds.minLat).toBeCloseTo(59);
    expect(bounds.maxLat).toBeCloseTo(61);
    expect(bounds.minLng).toBeCloseTo(8);
    expect(bounds.maxLng).toBeCloseTo(12);
  });
});

describe('pointInGeofence', () => {
  const circle: Geofence = { type: 'circle', center: oslo, radius: 1_000 };

  it('measures a circle in metres', () => {
    // 0.008° of latitude is about 890 m, 0.01° about 1,113 m.
    expect(pointInGeofence({ lat: oslo.lat + 0.008, lng: oslo.lng }, circle)).toBe(true);
    expect(pointInGeofence({ lat: oslo.lat + 0.01, lng: oslo.lng }, circle)).toBe(false);
    expect(pointInGeofence(oslo, circle)).toBe(true);
  });

  it('tests a polygon stored as an open ring', () => {
    const area: Geofence = { type: 'polygon', points: [...square.slice(0, 3), { lat: 59.5, lng: 10.5 }] };
    expect(pointInGeofence({ lat: 59.2, lng: 10.8 }, area)).toBe(true);
    expect(pointInGeofence({ lat: 59.8, lng: 10.2 }, area)).toBe(false);
    expect(pointInGeofence({ lat: 61, lng: 10.5 }, area)).toBe(false);
  });
});
