/** A square around Oslo (59.9–60 N, 10.7–10.8 E) as a polygon geofence, a point inside it and one far outside. */
export const square = {
  type: 'polygon',
  points: [
    { lat: 59.9, lng: 10.7 },
    { lat: 59.9, lng: 10.8 },
    { lat: 60, lng: 10.8 },
    { lat: 60, lng: 10.7 },
  ],
};
export const squareBounds = { minLat: 59.9, minLng: 10.7, maxLat: 60, maxLng: 10.8 };
export const inSquare = { lat: 59.95, lng: 10.75 };
export const farAway = { lat: 63.43, lng: 10.39 };
