const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * Spec §2 Attachments: a size in bytes as B, KB, MB or GB (steps of 1024), at most one decimal, in the locale's number
 * format ("512 B", "1.5 KB", "25 MB"; GB is the largest unit).
 */
export function formatFileSize(bytes: number, locale = 'en-US'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
