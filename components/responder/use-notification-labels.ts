'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { NotificationLabels } from '@/lib/responder/notification-labels';

/** The notification words in the person's language, for the service worker. */
export function useNotificationLabels(): NotificationLabels {
  const t = useTranslations('responder.notification');
  const tAlerts = useTranslations('alerts');
  return useMemo(
    () => ({
      severity: {
        alert: tAlerts('severity.alert'),
        urgentAlert: tAlerts('types.urgentAlert'),
        alarm: tAlerts('types.alarm'),
        sos: tAlerts('types.sos'),
        missionAlarm: tAlerts('types.missionAlarm'),
      },
      confirm: t('confirm'),
      positioningTitle: t('positioningTitle'),
      // The worker fills in the two names: the placeholders go through as they are.
      positioningBody: t.raw('positioningBody') as string,
      testTitle: t('testTitle'),
      testBody: t('testBody'),
      unknown: t('unknown'),
    }),
    [t, tAlerts],
  );
}
