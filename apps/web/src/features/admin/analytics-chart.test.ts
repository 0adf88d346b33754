import { describe, expect, it } from 'vitest';
import { analyticsRows, analyticsTotals, chartDay, rangePhrase } from './analytics-chart.ts';

describe('analytics chart rows', () => {
  it('writes the server’s UTC days the same in any time zone', () => {
    expect(chartDay('2026-11-28')).toBe('Nov 28');
    expect(chartDay('2026-01-01')).toBe('Jan 1');
  });

  it('pairs each day’s active users with its signups and sums the range', () => {
    const rows = analyticsRows({
      daily_active_users_30d: [
        { date: '2026-11-26', count: 3 },
        { date: '2026-11-27', count: 5 },
        { date: '2026-11-28', count: 2 },
      ],
      daily_signups_30d: [
        { date: '2026-11-26', count: 1 },
        { date: '2026-11-28', count: 4 },
      ],
    });
    expect(rows).toEqual([
      { day: 'Nov 26', active: 3, signups: 1 },
      { day: 'Nov 27', active: 5, signups: 0 },
      { day: 'Nov 28', active: 2, signups: 4 },
    ]);
    expect(analyticsTotals(rows)).toEqual({ signups: 5, peakActive: 5, activeToday: 2 });
    expect(analyticsTotals([])).toEqual({ signups: 0, peakActive: 0, activeToday: 0 });
  });

  it('names each range', () => {
    expect(rangePhrase('7d')).toBe('last 7 days');
    expect(rangePhrase('1y')).toBe('last year');
  });
});
