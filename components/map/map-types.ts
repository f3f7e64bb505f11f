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

/** A group of `count` positions shown as a numbered circle at their mean position; clicking it zooms in on it. */
export interface MapCluster {
  id: string;
  lat: number;
  lng: number;
  count: number;
}

/** What the map shows: the viewed box in degrees (west > east when it crosses the 180th meridian) and the zoom. */
export interface MapViewState {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
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
  /** Groups of positions too many to show one by one (numbered circles). */
  clusters?: MapCluster[];
  /** Called once the map is ready and after every move or zoom, with what it shows: to ask for what lies in view. */
  onViewChange?: (view: MapViewState) => void;
  /** Fit the view to the markers whenever they change (default true). False for markers asked for the view itself. */
  fitToMarkers?: boolean;
  /** More points to fit the view to (and to the markers and areas). */
  fitPoints?: LatLng[];
  /** Changes when the points to fit to are new (markers are compared by id on their own). */
  fitKey?: string;
  /** Geofences to show (not editable), e.g. the target areas of an alert. */
  areas?: MapArea[];
  /** View padding in pixels when fitting the view to the content (spec §9: 50, or 150 for wide views). */
  padding?: number;
  /** The place search box (shown only when the server has a geocoder). Default true. */
  search?: boolean;
  /** Sizing of the map box (its height comes from here or the parent); default 360px high. */
  className?: string;
}

/** For components built on the map (GeofenceDraw): their own controls. */
export interface MapCanvasProps extends MapViewProps {
  toolbar?: ReactNode;
  onMap?: (map: import('maplibre-gl').Map | null) => void;
}
