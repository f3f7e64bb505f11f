'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListPage } from '@/components/ui/list-page';
import { useApiData } from '@/components/ui/use-api-data';
import { useDialogs } from '@/components/ui/dialogs';
import { useToast } from '@/components/ui/toasts';
import { LocationsMapView } from '@/components/map/locations-map-view';
import { PlusIcon } from '@/components/ui/icons';
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
  const toast = useToast();
  const { state, reload, setData } = useApiData(locationsQuery, (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error));
  const [editing, setEditing] = useState<Editing>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const locations = state.status === 'loaded' ? state.data.locations : [];
  const replace = (next: Location[]) => setData({ locations: [...next].sort(byName) });

  function saved(location: Location) {
    setEditing(null);
    replace([...locations.filter((other) => other.locationId !== location.locationId), location]);
    setFocusedId(location.locationId);
  }

  async function remove(location: Location) {
    const confirmed = await dialogs.text({ type: 'warning', title: t('deleteTitle'), message: t('deleteMessage', { name: location.name }), confirmLabel: t('delete'), cancelLabel: t('cancel') });
    if (!confirmed) return;
    setDeletingId(location.locationId);
    try {
      await locationsApi.remove(location.locationId);
      replace(locations.filter((other) => other.locationId !== location.locationId));
      if (focusedId === location.locationId) setFocusedId(null);
      toast(t('deleted', { name: location.name }));
    } catch (error) {
      await dialogs.error(t('deleteErrorTitle'), t('deleteErrorMessage'), error);
    } finally {
      setDeletingId(null);
    }
  }

  const newLocationButton = (
    <button type="button" className="button primary" onClick={() => setEditing({ mode: 'create' })}>
      <PlusIcon />
      {t('newLocation')}
    </button>
  );

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      state={state}
      loadingLabel={t('loading')}
      errorMessage={t('loadErrorMessage')}
      onRetry={reload}
      empty={{ when: (data) => data.locations.length === 0, title: t('emptyTitle'), description: t('emptyDescription') }}
      mainAction={newLocationButton}
      dialog={editing && <LocationDialog location={editing.mode === 'edit' ? editing.location : undefined} onSaved={saved} onClose={() => setEditing(null)} />}
    >
      {() => (
        <div className={styles.layout}>
          <section className={`card ${styles.listCard}`}>
            <LocationList
              locations={locations}
              focusedId={focusedId}
              deletingId={deletingId}
              onFocus={(location) => setFocusedId((current) => (current === location.locationId ? null : location.locationId))}
              onEdit={(location) => setEditing({ mode: 'edit', location })}
              onDelete={remove}
            />
          </section>
          <LocationsMapView label={t('mapLabel')} locations={locations} focusedId={focusedId} className={styles.overviewMap} />
        </div>
      )}
    </ListPage>
  );
}
