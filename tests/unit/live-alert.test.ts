import { describe, expect, it } from '@jest/globals';
import { isLiveDashAlert, withLiveAlert, type LiveDashAlert } from '@/components/dashboard/live-alert';
import type { DashData } from '@/components/dashboard/dashboard-api';

type Shown = Pick<DashData, 'latestAlerts' | 'activeAlertsCount' | 'chartData'>;
type Row = DashData['latestAlerts'][number];

const row = (id: string, created: string, status: Row['status'] = 'active'): Row => ({
  id,
  created,
  title: `Alert ${id}`,
  message: 'Leave the building',
  user: { name: 'Ada Admin', profilePhoto: null },
  alertType: 'urgentAlert',
  status,
  isLocationRestricted: false,
  containsAuthorLocation: false,
  asksAnswers: false,
});

const shown = (rows: Row[]): Shown => ({
  latestAlerts: rows,
  activeAlertsCount: rows.filter((each) => each.status === 'active').length,
  chartData: [
    { date: '2026-12-02', count: 4 },
    { date: '2026-12-03', count: rows.length },
  ],
});

const live = (alert: Row, day = '2026-12-03'): LiveDashAlert => ({ alert, day });

describe('a new alert taken on by an open dashboard (dashboardAlert)', () => {
  it('goes first among the latest, counts as active and on its chart day', () => {
    const before = shown([row('b', '2026-12-03T08:00:00.000Z'), row('a', '2026-12-03T07:00:00.000Z', 'completed')]);
    const after = withLiveAlert(before, live(row('c', '2026-12-03T09:00:00.000Z')));
    expect(after?.latestAlerts.map((each) => each.id)).toEqual(['c', 'b', 'a']);
    expect(after?.activeAlertsCount).toBe(2);
    expect(after?.chartData).toEqual([
      { date: '2026-12-02', count: 4 },
      { date: '2026-12-03', count: 3 },
    ]);
  });

  it('keeps five latest alerts, and counts an alert sent closed (a mission alarm after the fact) on its day only', () => {
    const rows = ['e', 'd', 'c', 'b', 'a'].map((id, index) => row(id, `2026-12-03T0${8 - index}:00:00.000Z`));
    const after = withLiveAlert(shown(rows), live(row('f', '2026-12-03T09:00:00.000Z', 'completed')));
    expect(after?.latestAlerts.map((each) => each.id)).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(after?.activeAlertsCount).toBe(5);
    expect(after?.chartData.at(-1)).toEqual({ date: '2026-12-03', count: 6 });
  });

  it('is taken once: not again when shown already, nor when five newer ones are shown (loaded after it)', () => {
    const before = shown([row('b', '2026-12-03T08:00:00.000Z')]);
    const once = withLiveAlert(before, live(row('c', '2026-12-03T09:00:00.000Z')))!;
    expect(withLiveAlert(once, live(row('c', '2026-12-03T09:00:00.000Z')))).toBe(once);
    const newer = shown(['j', 'i', 'h', 'g', 'f'].map((id, index) => row(id, `2026-12-03T1${5 - index}:00:00.000Z`)));
    expect(withLiveAlert(newer, live(row('c', '2026-12-03T09:00:00.000Z')))).toBe(newer);
  });

  it('asks for the chart again when the alert is of a day after its last (loaded before midnight)', () => {
    const before = shown([row('b', '2026-12-03T08:00:00.000Z')]);
    expect(withLiveAlert(before, live(row('c', '2026-12-03T23:30:00.000Z'), '2026-12-04'))).toBeNull();
  });

  it('recognises the payload the server sends, and nothing else', () => {
    expect(isLiveDashAlert(live(row('c', '2026-12-03T09:00:00.000Z')))).toBe(true);
    for (const wrong of [null, {}, { alertId: 'c' }, { day: '2026-12-03' }, { day: '2026-12-03', alert: null }])
      expect(isLiveDashAlert(wrong)).toBe(false);
  });
});
