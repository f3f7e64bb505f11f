'use client';

import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { geofenceCorners, geofenceFeature } from '@/components/map/geofence-shapes';
import { MapCanvas } from '@/components/map/map-canvas';
import type { MapMarker } from '@/components/map/map-types';
import type { Geofence } from '@/lib/geo/geofence';
import type { LocationView as Location } from '@/lib/locations/location-view';

const SOURCE = 'company-locations';
const FILL = '#b42318';

export interface LocationsMapProps {
  label: string;
  locations: Location[];
  /** The location to show (the view fits it and it is drawn stronger); null: fit all of them. */
  focusedId: string | null;
  className?: string;
}

function collection(locations: Location[], focusedId: string | null): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: locations.map((location) => {
      const feature = geofenceFeature(location.geofence);
      return { ...feature, properties: { name: location.name, focused: location.locationId === focusedId } };
    }),
  };
}

/** Where a location's pin goes: a circle's centre, the mean of a polygon's corners. */
function pinOf(geofence: Geofence): { lat: number; lng: number } {
  if (geofence.type === 'circle') return geofence.center;
  const sum = geofence.points.reduce((total, point) => ({ lat: total.lat + point.lat, lng: total.lng + point.lng }), {
    lat: 0,
    lng: 0,
  });
  return { lat: sum.lat / geofence.points.length, lng: sum.lng / geofence.points.length };
}

function addLayers(map: MapLibreMap, data: GeoJSON.FeatureCollection): void {
  map.addSource(SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: `${SOURCE}-fill`,
    type: 'fill',
    source: SOURCE,
    paint: { 'fill-color': FILL, 'fill-opacity': ['case', ['get', 'focused'], 0.35, 0.15] },
  });
  map.addLayer({
    id: `${SOURCE}-line`,
    type: 'line',
    source: SOURCE,
    paint: { 'line-color': FILL, 'line-width': ['case', ['get', 'focused'], 3, 1.5] },
  });
}

/** The company's locations drawn on the map (client only: LocationsMapView loads it). */
export function LocationsMap({ label, locations, focusedId, className }: LocationsMapProps) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const onMap = useCallback((instance: MapLibreMap | null) => setMap(instance), []);
  const data = useMemo(() => collection(locations, focusedId), [locations, focusedId]);

  useEffect(() => {
    if (!map) return;
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (source) source.setData(data);
    else addLayers(map, data);
  }, [map, data]);

  const shown = locations.filter((location) => focusedId === null || location.locationId === focusedId);
  const fitPoints = shown.flatMap((location) => geofenceCorners(location.geofence));
  const fitKey = `${focusedId ?? 'all'}:${shown.map((location) => JSON.stringify(location.geofence)).join('|')}`;
  const markers: MapMarker[] = locations.map((location) => ({
    id: location.locationId,
    name: location.name,
    ...pinOf(location.geofence),
  }));
  return (
    <MapCanvas
      label={label}
      className={className}
      markers={markers}
      fitPoints={fitPoints}
      fitKey={fitKey}
      onMap={onMap}
    />
  );
}
