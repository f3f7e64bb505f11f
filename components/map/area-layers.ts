import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { geofenceFeature } from './geofence-shapes';
import type { MapArea } from './map-types';

const SOURCE = 'map-areas';
const COLOUR = '#b42318';

function collection(areas: MapArea[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: areas.map((area) => ({
      ...geofenceFeature(area.geofence),
      properties: { id: area.id, name: area.name },
    })),
  };
}

/** Draws the areas (read-only geofences) as a translucent fill with an outline; called again with new areas it replaces them. */
export function showAreas(map: MapLibreMap, areas: MapArea[]): void {
  const data = collection(areas);
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: `${SOURCE}-fill`,
    type: 'fill',
    source: SOURCE,
    paint: { 'fill-color': COLOUR, 'fill-opacity': 0.18 },
  });
  map.addLayer({
    id: `${SOURCE}-line`,
    type: 'line',
    source: SOURCE,
    paint: { 'line-color': COLOUR, 'line-width': 2 },
  });
}
