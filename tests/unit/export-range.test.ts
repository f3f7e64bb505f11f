import { describe, expect, it } from '@jest/globals';
import { defaultExportRange, exportRangeProblem } from '@/components/alerts/log/export-range';

describe('the export dialog range', () => {
  it('proposes the last 30 days up to today in Norway, also in the hour after midnight there', () => {
    // 23:50 in UTC is 00:50 the next day in Oslo (winter time), the day the server counts it in.
    expect(defaultExportRange(new Date('2026-11-26T23:50:00Z'))).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    // Summer time: 22:30 UTC is already 00:30 in Oslo.
    expect(defaultExportRange(new Date('2026-07-01T22:30:00Z'))).toEqual({ from: '2026-06-03', to: '2026-07-02' });
    expect(defaultExportRange(new Date('2026-03-01T12:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('accepts its own suggestion and names what is wrong with others', () => {
    const range = defaultExportRange(new Date());
    expect(exportRangeProblem(range.from, range.to)).toBeNull();
    expect(exportRangeProblem('', range.to)).toBe('missing');
    expect(exportRangeProblem('2026-11-27', '2026-11-26')).toBe('order');
    expect(exportRangeProblem('2025-01-01', '2026-11-26')).toBe('tooLong');
  });
});
