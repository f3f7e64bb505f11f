'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListPage, listPageTexts, NewItemButton, useListItemDelete } from '@/components/ui/list-page';
import { useApiData } from '@/components/ui/use-api-data';
import { useDialogs } from '@/components/ui/dialogs';
import { LocationsMapView } from '@/components/map/locations-map-view';
import { locationsApi, locationsQuery, type Location } from './locations-api';
import { LocationDialog } from './location-dialog';
import { LocationList } from './location-list';
import styles from './locations.module.css';

const byName = (a: Location, b: Location) => a.name.localeCompare(b.name);

type Editing = { mode: 'create' } | { mode: 'edit'; location: Location } | null;

/** /company/locations (spec §2): the company's locations listed and on a map; create, edit and delete them. */
export function LocationsPage() {
  const t = useTranslations('locations');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(
    locationsQuery,
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const locations = state.status === 'loaded' ? state.data.locations : [];
  const replace = (next: Location[]) => setData({ locations: [...next].sort(byName) });

  function saved(location: Location) {
    setEditing(null);
    replace([...locations.filter((other) => other.locationId !== location.locationId), location]);
    setFocusedId(location.locationId);
  }

  const { deletingId, confirmAndDelete } = useListItemDelete<Location>({
    t,
    idOf: (location) => location.locationId,
    nameOf: (location) => location.name,
    remove: (location) => locationsApi.remove(location.locationId),
    onDeleted: (location) => {
      replace(locations.filter((other) => other.locationId !== location.locationId));
      if (focusedId === location.locationId) setFocusedId(null);
    },
  });

  return (
    <ListPage
      {...listPageTexts(t)}
      state={state}
      onRetry={reload}
      isEmpty={(data) => data.locations.length === 0}
      mainAction={<NewItemButton label={t('newLocation')} onClick={() => setEditing({ mode: 'create' })} />}
      dialog={
        editing && (
          <LocationDialog
            location={editing.mode === 'edit' ? editing.location : undefined}
            onSaved={saved}
            onClose={() => setEditing(null)}
          />
        )
      }
    >
      {() => (
        <div className={styles.layout}>
          <section className={`card ${styles.listCard}`}>
            <LocationList
              locations={locations}
              focusedId={focusedId}
              deletingId={deletingId}
              onFocus={(location) =>
                setFocusedId((current) => (current === location.locationId ? null : location.locationId))
              }
              onEdit={(location) => setEditing({ mode: 'edit', location })}
              onDelete={confirmAndDelete}
            />
          </section>
          <LocationsMapView
            label={t('mapLabel')}
            locations={locations}
            focusedId={focusedId}
            className={styles.overviewMap}
          />
        </div>
      )}
    </ListPage>
  );
}
