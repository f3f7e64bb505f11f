const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §2 Alert card: DD.MM.YYYY HH:mm in the browser's time zone. */
export function formatAlertDate(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
