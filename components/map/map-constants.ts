// Spec §9 Map: default zoom 6, minimum zoom 3, default centre near Oslo, view padding 50 or 150.
export const DEFAULT_ZOOM = 6;
export const MIN_ZOOM = 3;
export const DEFAULT_CENTER = { lat: 59.91, lng: 10.75 };
export const VIEW_PADDING = 50;
export const WIDE_VIEW_PADDING = 150;
/** How close fitting to the content (or flying to a found place without an extent) may zoom. */
export const FIT_MAX_ZOOM = 14;
