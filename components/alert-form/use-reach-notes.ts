'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Reach } from '@/components/alerts/alert-api';
import type { Channel } from './alert-form';

type WithoutAppKey =
  'withoutAppSms' | 'withoutAppVoice' | 'withoutAppVoiceFallback' | 'withoutAppFallback' | 'withoutAppNothing';

/**
 * What people without the app really get (lib/delivery/dispatch-alert.ts): the alert's own SMS when SMS is chosen; else,
 * on a plan with the fallback SMS, an SMS at once (their push fails right away), plus the voice call if chosen; else
 * only the voice call, or nothing. Without push nobody is alerted through the app, so it makes no difference.
 */
function withoutAppKey(reach: Reach, channels: Channel[]): WithoutAppKey | null {
  if (!channels.includes('push')) return null;
  if (channels.includes('sms')) return 'withoutAppSms';
  const fallback = reach.fallbackSmsAfterSeconds !== null;
  if (channels.includes('voice')) return fallback ? 'withoutAppVoiceFallback' : 'withoutAppVoice';
  return fallback ? 'withoutAppFallback' : 'withoutAppNothing';
}

/**
 * The warnings of the reach preview and of the confirmation before sending, in plain sentences: who has no app and
 * what they get, who cannot get an SMS or call either, who opted out of SMS, and the fallback SMS for those whose app
 * stays silent.
 */
export function useReachNotes(): (reach: Reach, channels: Channel[]) => ReachNotes {
  const t = useTranslations('newAlert.reach');
  const locale = useLocale();
  return (reach, channels) => {
    const warnings: string[] = [];
    const key = withoutAppKey(reach, channels);
    if (key && reach.withoutApp > 0) {
      warnings.push(t(key, { who: t('withoutAppWho', { count: reach.withoutApp, total: reach.reach }) }));
      if (key !== 'withoutAppNothing' && reach.withoutAppOrPhone > 0)
        warnings.push(t('withoutPhoneToo', { count: reach.withoutAppOrPhone }));
    }
    const smsMayGo = channels.includes('sms') || (channels.includes('push') && reach.fallbackSmsAfterSeconds !== null);
    if (smsMayGo && reach.smsOptedOut > 0) warnings.push(t('smsOptedOut', { count: reach.smsOptedOut }));
    const seconds = reach.fallbackSmsAfterSeconds;
    const fallbackLater =
      seconds !== null && channels.includes('push') && !channels.includes('sms') && reach.reach > reach.withoutApp
        ? t('fallbackLater', { delay: duration(seconds, locale) })
        : null;
    return { warnings, fallbackLater };
  };
}

export interface ReachNotes {
  /** About people without the app (and without a phone number). */
  warnings: string[];
  /** When those whose app stays silent get the fallback SMS. */
  fallbackLater: string | null;
}

function duration(seconds: number, locale: string): string {
  const minutes = seconds % 60 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(minutes ? seconds / 60 : seconds);
}
