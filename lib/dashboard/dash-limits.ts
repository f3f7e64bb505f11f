// What the dashboard shows (spec §3), shared with the browser, which applies live alerts to what it shows.

/** Days of the alerts-per-day chart, ending today. */
export const CHART_DAYS = 91;
/** Latest alerts listed. */
export const LATEST_ALERTS = 5;
