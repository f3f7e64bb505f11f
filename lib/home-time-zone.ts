/** The product's home time zone (Norway): the days of the dashboard chart and the alert export, times in mission alarms. */
export const HOME_TIME_ZONE = 'Europe/Oslo';

const homeDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: HOME_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) a moment falls on in the home time zone, wherever the code runs. */
export function homeDay(moment: Date): string {
  return homeDayFormat.format(moment);
}
