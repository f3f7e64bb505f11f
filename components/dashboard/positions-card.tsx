'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { MapView, type MapCluster, type MapMarker, type MapViewState } from '@/components/map/map-view';
import { useDialogs } from '@/components/ui/dialogs';
import { dashboardApi, type DashPositions } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

const WHOLE_WORLD: MapViewState = { west: -180, south: -90, east: 180, north: 90, zoom: 0 };

/** The newest answer for `view` (null: none asked yet), asked again when `version` changes; failures are reported. */
function usePositions(view: MapViewState | null, version: unknown) {
  const t = useTranslations('dashboard');
  const dialogs = useDialogs();
  const [answer, setAnswer] = useState<DashPositions | null>(null);
  const reportFailure = useEffectEvent(
    (error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  useEffect(() => {
    if (!view) return;
    const controller = new AbortController();
    dashboardApi.positions(view, controller.signal).then(setAnswer, (error: unknown) => {
      if (!controller.signal.aborted) reportFailure(error);
    });
    return () => controller.abort();
  }, [view, version]);
  return answer;
}

/**
 * Admins: the map of last known positions (spec §2 Dashboard), one pin per device labelled with person and device, or
 * numbered circles where many are in view. Asks for what lies in view after every move and zoom (and again when the
 * dashboard reloads, `version`); the view first fits every position, whose count the badge shows.
 */
export function PositionsCard({ version }: { version: unknown }) {
  const t = useTranslations('dashboard.positions');
  const [view, setView] = useState<MapViewState | null>(null);
  // Once: the whole company's count and extent cost with its size, so reloads ask only for the view.
  const everywhere = usePositions(WHOLE_WORLD, null);
  const inView = usePositions(view, version);
  const onViewChange = useCallback((next: MapViewState) => setView(next), []);

  const markers: MapMarker[] = useMemo(
    () =>
      (inView?.points ?? []).map((position, index) => ({
        id: `${index}:${position.userName}:${position.deviceName ?? ''}`,
        lat: position.lat,
        lng: position.lng,
        name: position.deviceName
          ? t('withDevice', { user: position.userName, device: position.deviceName })
          : position.userName,
      })),
    [inView, t],
  );
  const clusters: MapCluster[] = useMemo(
    () => (inView?.clusters ?? []).map((cluster) => ({ id: `${cluster.lat}:${cluster.lng}`, ...cluster })),
    [inView],
  );
  const extent = everywhere?.extent ?? null;
  const fitPoints = useMemo(
    () =>
      extent
        ? [
            { lat: extent.south, lng: extent.west },
            { lat: extent.north, lng: extent.east },
          ]
        : [],
    [extent],
  );
  const total = everywhere?.total ?? 0;
  return (
    <DashboardCard
      name="positions"
      title={t('title')}
      badge={everywhere && <span className={styles.countBadge}>{t('count', { count: total })}</span>}
    >
      <MapView
        label={t('mapLabel')}
        markers={markers}
        clusters={clusters}
        onViewChange={onViewChange}
        fitToMarkers={false}
        fitPoints={fitPoints}
        fitKey={extent ? 'extent' : ''}
      />
      {everywhere && total === 0 && <p className={styles.empty}>{t('empty')}</p>}
    </DashboardCard>
  );
}
