'use client';

import { useLocale, useTranslations } from 'next-intl';
import { DEFAULT_LOCALE, HTML_LANG, isLocale } from '@/lib/i18n/locales';
import { useMemo } from 'react';
import type { NotificationLabels } from '@/lib/responder/notification-labels';

/** The notification words in the person's language, for the service worker. */
export function useNotificationLabels(): NotificationLabels {
  const t = useTranslations('responder.notification');
  const tAlerts = useTranslations('alerts');
  const locale = useLocale();
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
      locale: HTML_LANG[isLocale(locale) ? locale : DEFAULT_LOCALE],
      missionWarningTitle: t('missionWarningTitle'),
      missionWarningBody: t.raw('missionWarningBody') as string,
      helpNeededTitle: t.raw('helpNeededTitle') as string,
      helpNeededBody: t.raw('helpNeededBody') as string,
      testTitle: t('testTitle'),
      testBody: t('testBody'),
      unknown: t('unknown'),
    }),
    [t, tAlerts, locale],
  );
}
