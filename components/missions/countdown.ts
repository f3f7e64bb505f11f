import { twoDigits } from '@/components/ui/format-date';

/** Spec §4 Missions: days : hours : minutes : seconds left until `end`, or null once it has passed. */
export function countdownParts(
  end: number,
  now: number,
): { days: number; hours: number; minutes: number; seconds: number } | null {
  const left = Math.ceil((end - now) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

export function formatCountdown(parts: NonNullable<ReturnType<typeof countdownParts>>): string {
  return `${parts.days} : ${twoDigits(parts.hours)} : ${twoDigits(parts.minutes)} : ${twoDigits(parts.seconds)}`;
}

/** Whether an active mission is past its end time: by now, or already by the server when it was loaded. */
export function isOverdue(mission: { overdue: boolean; endTime: string }, now: number): boolean {
  return mission.overdue || Date.parse(mission.endTime) <= now;
}

type Parts = NonNullable<ReturnType<typeof countdownParts>>;

const UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

/**
 * The time left with units from its largest one on ("2d 3h 5m 48s", "3m 48s"), in `locale`'s own narrow unit words: it
 * still ticks every second, and says what each number is.
 */
export function formatTimeLeft(parts: Parts, locale: string): string {
  const first = Math.max(
    0,
    Math.min(
      UNITS.findIndex(([key]) => parts[key] > 0),
      UNITS.length - 2,
    ),
  );
  return UNITS.slice(first)
    .map(([key, unit]) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(parts[key]),
    )
    .join(' ');
}
