'use client';

import dynamic from 'next/dynamic';
import { MapPlaceholder } from '@/components/map/map-placeholder';
import type { LocationsMapProps } from './locations-map';

/** MapLibre needs the browser: the locations map loads on the client only, with the map's placeholder meanwhile. */
export const LocationsMapView = dynamic<LocationsMapProps>(
  () => import('./locations-map').then((module) => module.LocationsMap),
  {
    ssr: false,
    loading: () => <MapPlaceholder />,
  },
);
