'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { GeofenceDrawView } from '@/components/map/geofence-draw-view';
import { WIDE_VIEW_PADDING } from '@/components/map/map-constants';
import { useDialogs } from '@/components/ui/dialogs';
import { useFieldRules } from '@/components/ui/field-rules';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toasts';
import { DrawnArea } from '@/components/ui/geofence-summary';
import type { Geofence } from '@/lib/geo/geofence';
import { locationsApi, type Location } from './locations-api';
import { useLocationSaveError } from './use-location-error';
import styles from './locations.module.css';

/** As the API allows (lib/locations/location-body.ts). */
export const MAX_LOCATION_NAME = 100;

/**
 * The dialog that creates a location (no `location`) or renames and redraws one: a name and the area drawn on the map.
 * Saving without an area shows "Missing Geofence". The saved location is handed to `onSaved`.
 */
export function LocationDialog({
  location,
  onSaved,
  onClose,
}: {
  location?: Location;
  onSaved: (location: Location) => void;
  onClose: () => void;
}) {
  const t = useTranslations('locations');
  const rules = useFieldRules();
  const dialogs = useDialogs();
  const toast = useToast();
  const showSaveError = useLocationSaveError();
  const [name, setName] = useState(location?.name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [geofence, setGeofence] = useState<Geofence | null>(location?.geofence ?? null);
  const [busy, setBusy] = useState(false);
  const editing = location !== undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    const error = rules.text(t('form.name'), name);
    setNameError(error);
    if (error) return;
    if (!geofence) {
      await dialogs.text({
        type: 'error',
        title: t('form.missingGeofenceTitle'),
        message: t('form.missingGeofenceMessage'),
      });
      return;
    }
    setBusy(true);
    try {
      const body = { name: name.trim(), geofence };
      const saved = editing ? await locationsApi.update(location.locationId, body) : await locationsApi.create(body);
      toast(t(editing ? 'form.saved' : 'form.created', { name: saved.name }));
      onSaved(saved);
    } catch (failure) {
      await showSaveError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      id="location-dialog"
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      intro={t('form.intro')}
      onSubmit={save}
      onClose={onClose}
      submitLabel={t(editing ? 'form.save' : 'form.create')}
      cancelLabel={t('cancel')}
      busy={busy}
      className={styles.locationDialog}
      contentClassName={styles.dialogContent}
    >
      <TextField
        label={t('form.name')}
        name="name"
        value={name}
        onChange={setName}
        error={nameError}
        required
        autoComplete="off"
        maxLength={MAX_LOCATION_NAME}
        autoFocus
      />
      <div className={styles.areaField}>
        <DrawnArea label={t('form.area')} geofence={geofence} noArea={t('form.noArea')} />
        <p className={`muted ${styles.areaHint}`}>{t('form.areaHint')}</p>
        <GeofenceDrawView
          label={t('form.mapLabel')}
          value={geofence}
          onChange={setGeofence}
          padding={WIDE_VIEW_PADDING}
          className={styles.drawMap}
        />
      </div>
    </FormDialog>
  );
}
