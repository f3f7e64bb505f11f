import type { PositioningState } from './positioning-api';

/**
 * Each state of a positioning's answer has its colour (the count chips, the map's pins and its legend). The order is
 * that of the results screen: answers first, then those that are still awaited or were not asked.
 */
export const STATE_COLOURS: Record<PositioningState, string> = {
  found: '#2e90fa',
  withinArea: '#079455',
  notInArea: '#dc6803',
  outOfTarget: '#475467',
  notReached: '#d92d20',
  pending: '#98a2b3',
};

export const STATE_ORDER = Object.keys(STATE_COLOURS) as PositioningState[];

/** The states that come with a fresh position (the pins of the map). */
export const POSITIONED_STATES: PositioningState[] = ['found', 'withinArea', 'notInArea'];
