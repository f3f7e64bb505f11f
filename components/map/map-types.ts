import type { ReactNode } from 'react';
import type { LatLng } from '@/lib/geo/geofence-bounds';
import type { Geofence } from '@/lib/geo/geofence';

/** Spec §3 "Map marker": shown as a pin; its name is the pin's label and popup. */
export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  name: string;
  /** The pin's colour (CSS colour); the product's red by default. A legend beside the map says what colours mean. */
  color?: string;
}

/** An area drawn read-only on the map (a location's or an alert's geofence); the view fits it. */
export interface MapArea {
  id: string;
  name: string;
  geofence: Geofence;
}

export interface MapViewProps {
  /** What the map shows, for screen readers (e.g. "Map of last known positions"). */
  label: string;
  markers?: MapMarker[];
  /** Geofences to show (not editable), e.g. the target areas of an alert. */
  areas?: MapArea[];
  /** View padding in pixels when fitting the view to the content (spec §9: 50, or 150 for wide views). */
  padding?: number;
  /** The place search box (shown only when the server has a geocoder). Default true. */
  search?: boolean;
  /** Sizing of the map box (its height comes from here or the parent); default 360px high. */
  className?: string;
}

/** For components built on the map (GeofenceDraw): more points to fit the view to, and their own controls. */
export interface MapCanvasProps extends MapViewProps {
  fitPoints?: LatLng[];
  /** Changes when the content to fit to is new (markers are compared by id on their own). */
  fitKey?: string;
  toolbar?: ReactNode;
  onMap?: (map: import('maplibre-gl').Map | null) => void;
}
