'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Person } from '@/components/ui/person';
import { AlertEmblem } from '@/components/ui/alert-emblem';
import { AreaIcon, PinIcon } from '@/components/ui/icons';
import { formatDateTime } from '@/components/ui/format-date';
import type { AlertDetail } from '../alert-api';
import { AttachmentList } from '../attachments/attachment-list';
import { TargetSummary } from '@/components/alert-form/target-summary';
import styles from '../alerts.module.css';
import panelStyles from '@/components/ui/panel.module.css';

/** The badges of an alert: its severity, simulation, and whether it is active or closed. */
export function AlertBadges({ alert }: { alert: AlertDetail }) {
  const t = useTranslations('alerts');
  const severity = t.has(`severity.${alert.severity}`)
    ? t(`severity.${alert.severity}`)
    : t.has(`types.${alert.type}`)
      ? t(`types.${alert.type}`)
      : alert.type;
  return (
    <span className={styles.badges} data-testid="alert-badges">
      <span className={`${styles.badge} ${styles[`severity-${alert.type}`] ?? ''}`}>{severity}</span>
      {alert.simulationMode && <span className={`${styles.badge} ${styles.simulation}`}>{t('simulation')}</span>}
      <span
        className={`${styles.badge} ${alert.status === 'active' ? styles.statusActive : styles.statusClosed}`}
        data-testid="alert-status"
      >
        {t(`status.${alert.status}`)}
      </span>
    </span>
  );
}

/** The message, its files and the facts of spec §3 Alert detail (sender, time, channels, target, areas, closing). */
export function AlertSummary({ alert, admin }: { alert: AlertDetail; admin: boolean }) {
  const t = useTranslations('alerts');
  const typeLabel = t.has(`types.${alert.type}`) ? t(`types.${alert.type}`) : alert.type;
  return (
    <section className={`card ${panelStyles.panel}`} aria-labelledby="alert-message-title">
      <div className={styles.messageHead}>
        <AlertEmblem type={alert.type} label={typeLabel} />
        <h2 id="alert-message-title">{t('details.message')}</h2>
      </div>
      <p className={styles.message}>{alert.message}</p>
      <AttachmentList attachments={alert.attachments} label={t('attachments.label')} />
      <dl className={panelStyles.facts}>
        <div>
          <dt>{t('details.fields.sent')}</dt>
          <dd>
            <time dateTime={alert.date}>{formatDateTime(alert.date)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('details.fields.sender')}</dt>
          <dd>
            {alert.authorName ? (
              <Person name={alert.authorName} photo={alert.authorProfilePhoto} />
            ) : (
              t('details.unknownSender')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('details.fields.channels')}</dt>
          <dd>
            {alert.channels
              .map((channel) => (t.has(`channels.${channel}`) ? t(`channels.${channel}`) : channel))
              .join(', ') || '—'}
          </dd>
        </div>
        <div className={panelStyles.factWide}>
          <dt>{t('details.fields.target')}</dt>
          <dd>
            <TargetSummary target={alert.target} />
          </dd>
        </div>
        {(alert.isLocationAlert || alert.isLocationRestricted || alert.containsAuthorLocation) && (
          <div className={panelStyles.factWide}>
            <dt>{t('details.fields.location')}</dt>
            <dd className={styles.flags}>
              {(alert.isLocationAlert || alert.isLocationRestricted) && (
                <span>
                  <AreaIcon size={16} /> {t('locationRestricted')}
                </span>
              )}
              {alert.containsAuthorLocation && (
                <span>
                  <PinIcon size={16} /> {t('authorLocation')}
                </span>
              )}
            </dd>
          </div>
        )}
        {alert.isMissionAlarm && (
          <div>
            <dt>{t('details.fields.mission')}</dt>
            <dd>
              {admin && alert.missionId ? (
                <Link href={`/missions/${alert.missionId}`}>{t('details.openMission')}</Link>
              ) : (
                t('types.missionAlarm')
              )}
            </dd>
          </div>
        )}
        {alert.closedAt && (
          <div>
            <dt>{t('details.fields.closed')}</dt>
            <dd>
              <time dateTime={alert.closedAt}>{formatDateTime(alert.closedAt)}</time>
              {alert.closedBy && ` · ${t('details.closedBy', { name: alert.closedBy.name })}`}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
