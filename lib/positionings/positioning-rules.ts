// The rules of a positioning's reason (issue 17), shared by the API's check and the console's form (browser-safe).

/** A reason of at least 4 characters. */
export const POSITIONING_REASON_MIN = 4;
export const POSITIONING_REASON_MAX = 500;
