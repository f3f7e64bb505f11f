/** A number as two digits ("07"). */
export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Spec §2 Alert card: DD.MM.YYYY HH:mm in the browser's time zone (alerts, comments, deliveries, the outbox). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return `${twoDigits(d.getDate())}.${twoDigits(d.getMonth() + 1)}.${d.getFullYear()} ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
}

/** A calendar day as YYYY-MM-DD in the browser's time zone. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}
