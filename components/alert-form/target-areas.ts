import type { MapArea } from '@/components/map/map-view';
import type { AlertTargetView } from '@/components/alerts/alert-api';

/** The areas a target is limited to (its saved locations and its custom area), as the map draws them. */
export function targetAreas(target: AlertTargetView, unnamedArea: string): MapArea[] {
  const areas: MapArea[] = target.locations.map((location) => ({
    id: location.locationId,
    name: location.name,
    geofence: location.geofence,
  }));
  const custom = target.adHocLocation;
  if (custom) areas.push({ id: 'custom-area', name: custom.name ?? unnamedArea, geofence: custom.geofence });
  return areas;
}
