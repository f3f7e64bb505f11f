// The look of drawn geofences (mapbox-gl-draw layers). Its default theme uses data-driven dash arrays, which MapLibre
// renders differently; these layers use constant paint only and legacy filters that both understand.
const AREA = '#b42318';
const ACTIVE = '#175cd3';
const WHITE = '#ffffff';

export const DRAW_STYLES = [
  {
    id: 'gl-draw-polygon-fill',
    type: 'fill',
    filter: ['all', ['==', '$type', 'Polygon']],
    paint: { 'fill-color': ['case', ['==', ['get', 'active'], 'true'], ACTIVE, AREA], 'fill-opacity': 0.18 },
  },
  {
    id: 'gl-draw-polygon-stroke',
    type: 'line',
    filter: ['all', ['==', '$type', 'Polygon']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ['case', ['==', ['get', 'active'], 'true'], ACTIVE, AREA], 'line-width': 2.5 },
  },
  {
    id: 'gl-draw-line',
    type: 'line',
    filter: ['all', ['==', '$type', 'LineString']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ACTIVE, 'line-width': 2.5 },
  },
  {
    id: 'gl-draw-midpoint',
    type: 'circle',
    filter: ['all', ['==', '$type', 'Point'], ['==', 'meta', 'midpoint']],
    paint: { 'circle-radius': 4, 'circle-color': ACTIVE },
  },
  {
    id: 'gl-draw-vertex-halo',
    type: 'circle',
    filter: ['all', ['==', '$type', 'Point'], ['==', 'meta', 'vertex']],
    paint: { 'circle-radius': 7, 'circle-color': WHITE },
  },
  {
    id: 'gl-draw-vertex',
    type: 'circle',
    filter: ['all', ['==', '$type', 'Point'], ['==', 'meta', 'vertex']],
    paint: { 'circle-radius': 5, 'circle-color': ['case', ['==', ['get', 'active'], 'true'], ACTIVE, AREA] },
  },
];
