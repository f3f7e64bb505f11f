'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { GeofenceSummary } from '@/components/ui/geofence-summary';
import { locationsQuery } from '@/components/alerts/alert-api';
import { LocationsMapView } from '@/components/map/locations-map-view';
import { Checklist } from './checklist';
import { ChoiceData, type IdChoiceProps } from './choice-data';
import styles from './alert-form.module.css';

/** The company's saved locations to tick, shown on a map (the ticked ones, or all while none is). */
export function LocationChoice({ chosen, onChange, errorId }: IdChoiceProps) {
  const t = useTranslations('newAlert.recipients');
  return (
    <ChoiceData query={locationsQuery} loadingLabel={t('loadingLocations')} texts="locations">
      {({ locations }) => {
        if (locations.length === 0)
          return (
            <p className={styles.choiceEmpty}>
              {t.rich('noLocations', { link: (chunks) => <Link href="/company/locations">{chunks}</Link> })}
            </p>
          );
        const chosenLocations = locations.filter((location) => chosen.includes(location.locationId));
        return (
          <div className={styles.locationChoice}>
            <Checklist
              label={t('locationsLabel')}
              options={locations.map((location) => ({
                id: location.locationId,
                name: location.name,
                detail: <GeofenceSummary geofence={location.geofence} />,
              }))}
              chosen={chosen}
              onChange={onChange}
              invalid={errorId !== undefined}
              describedBy={errorId}
            />
            <LocationsMapView
              label={t('locationsMapLabel')}
              locations={chosenLocations.length > 0 ? chosenLocations : locations}
              focusedId={null}
              className={styles.map}
            />
          </div>
        );
      }}
    </ChoiceData>
  );
}
