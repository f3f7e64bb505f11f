'use client';

/**
 * The product's map (spec §2 Map, §9 Map constants). Usage:
 *
 *   import { MapView } from '@/components/map/map-view';
 *   <MapView label={t('mapLabel')} markers={[{ id, lat, lng, name }]} padding={50} className={styles.tallMap} />
 *
 * Props (MapViewProps in map-types.ts): label (required, for screen readers), markers (pins with a popup each; the
 * view fits them), areas (geofences shown read-only, e.g. an alert's target areas; the view fits them too),
 * padding (50 by default, 150 for wide views), search (place search box, default true; shown only
 * when the server has GEOCODER_URL), className (the box's size; 360px high by default). Layers, the remembered layer
 * choice, fullscreen and zoom come with it. For drawing geofences use GeofenceDraw (geofence-draw-view.tsx).
 */
import dynamic from 'next/dynamic';
import { MapPlaceholder } from './map-placeholder';
import type { MapViewProps } from './map-types';

export type { MapArea, MapCluster, MapMarker, MapViewProps, MapViewState } from './map-types';

/** MapLibre needs the browser: loaded on the client only, with a placeholder meanwhile. */
export const MapView = dynamic<MapViewProps>(() => import('./map-canvas').then((module) => module.MapCanvas), {
  ssr: false,
  loading: () => <MapPlaceholder />,
});
