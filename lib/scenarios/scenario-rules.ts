// Scenario rules the browser shares with the server (no imports: browser-safe).

/** Spec §1: the app's front page (and the responder's) shows the first 3 scenarios by sort order. */
export const FRONT_PAGE_SCENARIOS = 3;
