'use client';

import { useTranslations } from 'next-intl';
import { MapView, type MapMarker } from '@/components/map/map-view';
import type { AlertDetail } from '../alert-api';
import { targetAreas } from '@/components/alert-form/target-areas';
import styles from '../alerts.module.css';
import panelStyles from '@/components/ui/panel.module.css';

/** The areas an alert was limited to (saved locations, a custom area) and the sender's position, when it has any. */
export function AlertMap({ alert }: { alert: AlertDetail }) {
  const t = useTranslations('alerts.details');
  const areas = targetAreas(alert.target, t('target.unnamedArea'));
  const markers: MapMarker[] = alert.position
    ? [
        {
          id: 'sender',
          lat: alert.position.lat,
          lng: alert.position.lng,
          name: t('senderPosition', { name: alert.authorName ?? t('unknownSender') }),
        },
      ]
    : [];
  if (areas.length === 0 && markers.length === 0) return null;
  return (
    <section className={`card ${panelStyles.panel}`} aria-labelledby="alert-map-title">
      <h2 id="alert-map-title">{t('mapTitle')}</h2>
      <MapView label={t('mapLabel')} areas={areas} markers={markers} search={false} className={styles.map} />
      {alert.position?.accuracy != null && (
        <p className={panelStyles.note}>{t('accuracy', { metres: Math.round(alert.position.accuracy) })}</p>
      )}
    </section>
  );
}
