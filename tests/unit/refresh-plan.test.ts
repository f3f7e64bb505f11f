import { describe, expect, it } from '@jest/globals';
import { partsToReload, REFRESH_DELAY_MS, REFRESH_SPREAD_MS, refreshDelay } from '@/components/dashboard/refresh-plan';

describe('the dashboard refresh plan', () => {
  it('refreshes 2 s after an event at the earliest, spread over the next second', () => {
    expect(refreshDelay(() => 0)).toBe(REFRESH_DELAY_MS);
    expect(refreshDelay(() => 0.5)).toBe(REFRESH_DELAY_MS + REFRESH_SPREAD_MS / 2);
    expect(refreshDelay(() => 0.999999)).toBe(REFRESH_DELAY_MS + REFRESH_SPREAD_MS - 1);
    expect([REFRESH_DELAY_MS, REFRESH_SPREAD_MS]).toEqual([2_000, 1_000]);
  });

  it('reloads the part the event says changed; members skip missions and scenarios; an event that does not say reloads all', () => {
    // A new alert comes to the dashboards that may show it with its own event (dashboardAlert): nothing reloads.
    expect(partsToReload({ alertId: 'a', changed: 'alerts' }, false)).toEqual([]);
    expect(partsToReload({ alertId: 'a', changed: 'alerts' }, true)).toEqual([]);
    expect(partsToReload({ missionId: 'm', changed: 'missions' }, true)).toEqual(['missions']);
    expect(partsToReload({ missionId: 'm', changed: 'missions' }, false)).toEqual([]);
    expect(partsToReload({ scenarioId: 's', changed: 'scenarios' }, true)).toEqual(['scenarios']);
    expect(partsToReload({ scenarioId: 's', changed: 'scenarios' }, false)).toEqual([]);
    expect(partsToReload({ alertId: 'a' }, true)).toBe('all');
    expect(partsToReload({ changed: 'positions' }, true)).toBe('all');
  });
});
