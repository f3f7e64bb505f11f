export interface LatLng {
  lat: number;
  lng: number;
}

export interface Bounds {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

const METRES_PER_DEGREE_LAT = 111_320;

/** Bounding box of a circle (centre + radius in metres), for the SQL pre-filter. */
export function circleBounds(circle: { center: LatLng; radius: number }): Bounds {
  const dLat = circle.radius / METRES_PER_DEGREE_LAT;
  const cos = Math.max(Math.cos((circle.center.lat * Math.PI) / 180), 1e-6);
  const dLng = circle.radius / (METRES_PER_DEGREE_LAT * cos);
  return {
    minLat: circle.center.lat - dLat,
    maxLat: circle.center.lat + dLat,
    minLng: circle.center.lng - dLng,
    maxLng: circle.center.lng + dLng,
  };
}

/** Bounding box of a polygon. */
export function polygonBounds(polygon: { points: LatLng[] }): Bounds {
  const lats = polygon.points.map((p) => p.lat);
  const lngs = polygon.points.map((p) => p.lng);
  return { minLat: Math.min(...lats), maxLat: Math.max(...lats), minLng: Math.min(...lngs), maxLng: Math.max(...lngs) };
}
