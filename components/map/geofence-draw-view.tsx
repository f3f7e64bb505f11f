'use client';

/**
 * The map for drawing one geofence (a circle or a polygon), for the locations page and alert targeting. Usage:
 *
 *   import { GeofenceDrawView } from '@/components/map/geofence-draw-view';
 *   const [geofence, setGeofence] = useState<Geofence | null>(location?.geofence ?? null);
 *   <GeofenceDrawView label={t('mapLabel')} value={geofence} onChange={setGeofence} padding={150} className={styles.map} />
 *
 * Props (GeofenceDrawProps in geofence-draw.tsx): everything of MapView (label, markers, padding, search, className)
 * plus value (the contract's Geofence or null; shown for editing, and a new value from the parent replaces the
 * drawing), onChange (the new Geofence after each drawing or edit; null after delete), shapes (['circle', 'polygon']
 * by default). The toolbar's buttons have the accessible names of messages map.draw.circle / polygon / delete
 * ("Draw a circle", "Draw a polygon", "Delete the area" in en-us). Circle: press at the centre, drag out the radius,
 * release (or click the centre, then click again for the radius). Polygon: click each corner, then click the first
 * corner (or press Enter). Escape cancels. Only one geofence: a new drawing replaces the old one.
 */
import dynamic from 'next/dynamic';
import type { GeofenceDrawProps } from './geofence-draw';
import { MapPlaceholder } from './map-placeholder';

export type { GeofenceDrawProps, GeofenceShape } from './geofence-draw';

export const GeofenceDrawView = dynamic<GeofenceDrawProps>(
  () => import('./geofence-draw').then((module) => module.GeofenceDraw),
  {
    ssr: false,
    loading: () => <MapPlaceholder />,
  },
);
