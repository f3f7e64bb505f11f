'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE, HTML_LANG, isLocale } from '@/lib/i18n/locales';
import { countdownParts, formatCountdown, formatTimeLeft } from './countdown';
import styles from './missions.module.css';

/** Spec §9: the countdown ticks every second. */
const TICK_MS = 1_000;

/** The current time, again every second while the caller is shown. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Spec §4 Missions: the time left until `endTime` as days : hours : minutes : seconds, or "Mission expired" once it has
 * passed. `now` comes from one useNow of the list, so that all its countdowns tick together.
 */
export function MissionCountdown({
  endTime,
  now,
  className,
  withUnits = false,
}: {
  endTime: string;
  now: number;
  className?: string;
  /** "3 min 48 s" instead of the spec's "0 : 00 : 03 : 48" (a card with little room to explain the columns). */
  withUnits?: boolean;
}) {
  const t = useTranslations('missions');
  const locale = useLocale();
  const parts = countdownParts(Date.parse(endTime), now);
  return parts ? (
    <span className={`${styles.countdown} ${className ?? ''}`} aria-label={t('timeLeft', parts)} role="timer">
      {withUnits
        ? formatTimeLeft(parts, HTML_LANG[isLocale(locale) ? locale : DEFAULT_LOCALE])
        : formatCountdown(parts)}
    </span>
  ) : (
    <span className={`${styles.expired} ${className ?? ''}`}>{t('expired')}</span>
  );
}
