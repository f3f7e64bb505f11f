import { describe, it, expect } from '@jest/globals';
import {
  isTooLong,
  scenarioAlertType,
  START_MESSAGE,
  START_TITLE,
  startBody,
} from '@/components/scenarios/scenario-start';

describe('scenario start form (spec §5)', () => {
  it('limits the title to 3..50 and the message to 3..1500 characters', () => {
    expect(START_TITLE).toEqual({ min: 3, max: 50 });
    expect(START_MESSAGE).toEqual({ min: 3, max: 1500 });
  });

  it('measures the length without the surrounding spaces', () => {
    expect(isTooLong(`  ${'a'.repeat(50)}  `, START_TITLE.max)).toBe(false);
    expect(isTooLong('a'.repeat(51), START_TITLE.max)).toBe(true);
  });

  it('sends the trimmed texts, and the position only when there is one', () => {
    expect(startBody('  Fire  ', ' Leave the building ', null)).toEqual({
      alertTitle: 'Fire',
      alertBody: 'Leave the building',
    });
    expect(startBody('Fire', 'Leave', { lat: 59.9, lng: 10.7, accuracy: 12 })).toEqual({
      alertTitle: 'Fire',
      alertBody: 'Leave',
      position: { lat: 59.9, lng: 10.7, accuracy: 12 },
    });
  });

  it('shows alertType 1 as an alarm and 2 as an urgent alert', () => {
    expect(scenarioAlertType({ alertType: 1 })).toBe('alarm');
    expect(scenarioAlertType({ alertType: 2 })).toBe('urgentAlert');
  });
});
