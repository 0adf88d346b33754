import { ADMIN_METRIC_RANGES, type TAdminMetricRange, type TAdminMetrics } from '@ppp/contracts';

/** The range selector's choices, in the spec's order (section 2.14: 7d, 30d, 90d, 1y). */
export const ANALYTICS_RANGES: { value: TAdminMetricRange; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '1y', label: '1 year' },
];

export interface AnalyticsRow {
  /** 'Nov 28': the UTC day the server counted, written the same in every time zone. */
  day: string;
  active: number;
  signups: number;
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** '2026-11-28' -> 'Nov 28' (the server's days are UTC). */
export function chartDay(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

/** One row per day for both charts; the two lists cover the same days in the same order. */
export function analyticsRows(metrics: Pick<TAdminMetrics, 'daily_active_users_30d' | 'daily_signups_30d'>): AnalyticsRow[] {
  const signups = new Map(metrics.daily_signups_30d.map((d) => [d.date, d.count]));
  return metrics.daily_active_users_30d.map((d) => ({ day: chartDay(d.date), active: d.count, signups: signups.get(d.date) ?? 0 }));
}

export interface AnalyticsTotals {
  signups: number;
  /** The most users active on one day of the range. */
  peakActive: number;
  /** Users active on the range's last day (today, UTC). */
  activeToday: number;
}

export function analyticsTotals(rows: AnalyticsRow[]): AnalyticsTotals {
  return {
    signups: rows.reduce((sum, r) => sum + r.signups, 0),
    peakActive: rows.reduce((max, r) => Math.max(max, r.active), 0),
    activeToday: rows.at(-1)?.active ?? 0,
  };
}

/** 'last 30 days' / 'last year'. */
export function rangePhrase(range: TAdminMetricRange): string {
  return range === '1y' ? 'last year' : `last ${ADMIN_METRIC_RANGES[range]} days`;
}
