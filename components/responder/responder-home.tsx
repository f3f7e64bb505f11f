'use client';

import { useTranslations } from 'next-intl';
import { FrontScenarios } from './front-scenarios';
import { LatestAlerts } from './latest-alerts';
import { MissionCard } from './mission-card';
import { NotificationsCard } from './notifications-card';
import { OpenPositioningRequests } from './positioning-request';
import { useResponder } from './responder-context';
import { SosButton } from './sos-button';
import styles from './responder.module.css';

const hasFeature = (features: { featureName: string }[], name: string) =>
  features.some((feature) => feature.featureName === name);

/**
 * /r: the responder's front page — alerts on this device, SOS, the company's first three scenarios, the person's
 * mission, and the latest alerts. Scenarios and missions show where the company has them.
 */
export function ResponderHome() {
  const t = useTranslations('responder');
  const { me, deviceId } = useResponder();
  return (
    <div className={styles.stack}>
      <h1>{t('greeting', { name: me.user.name })}</h1>
      <NotificationsCard />
      {deviceId && <OpenPositioningRequests deviceId={deviceId} />}
      <SosButton />
      {deviceId && hasFeature(me.features, 'scenario') && <FrontScenarios deviceId={deviceId} />}
      {hasFeature(me.features, 'mission') && <MissionCard />}
      <LatestAlerts />
    </div>
  );
}
