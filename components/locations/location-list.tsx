'use client';

import { useTranslations } from 'next-intl';
import { GeofenceSummary } from '@/components/ui/geofence-summary';
import { CircleAreaIcon, EditIcon, PolygonAreaIcon, TrashIcon } from '@/components/ui/icons';
import type { Location } from './locations-api';
import styles from './locations.module.css';

interface LocationListProps {
  locations: Location[];
  focusedId: string | null;
  deletingId: string | null;
  onFocus: (location: Location) => void;
  onEdit: (location: Location) => void;
  onDelete: (location: Location) => void;
}

/** The locations by name: each with its kind and size, a button that shows it on the map, edit and delete. */
export function LocationList({ locations, focusedId, deletingId, onFocus, onEdit, onDelete }: LocationListProps) {
  const t = useTranslations('locations');
  return (
    <ul className={styles.list} aria-label={t('listLabel')}>
      {locations.map((location) => (
        <li
          key={location.locationId}
          className={`${styles.item} ${location.locationId === focusedId ? styles.focused : ''}`}
          data-location-id={location.locationId}
        >
          <button
            type="button"
            className={styles.itemMain}
            onClick={() => onFocus(location)}
            aria-pressed={location.locationId === focusedId}
            title={t('showOnMap', { name: location.name })}
          >
            <span className={styles.itemIcon} aria-hidden="true">
              {location.geofence.type === 'circle' ? <CircleAreaIcon size={20} /> : <PolygonAreaIcon size={20} />}
            </span>
            <span className={styles.itemText}>
              <span className={styles.itemName}>{location.name}</span>
              <span className={styles.itemSize}>
                <GeofenceSummary geofence={location.geofence} />
              </span>
            </span>
          </button>
          <div className={styles.itemActions}>
            <button
              type="button"
              className="icon-button"
              onClick={() => onEdit(location)}
              aria-label={t('editLocation', { name: location.name })}
              title={t('edit')}
            >
              <EditIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => onDelete(location)}
              disabled={deletingId === location.locationId}
              aria-label={t('deleteLocation', { name: location.name })}
              title={t('delete')}
            >
              <TrashIcon />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
