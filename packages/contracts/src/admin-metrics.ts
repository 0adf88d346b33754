import { z } from 'zod';
import { ZRevenueMetrics } from './payments.ts';

/** The Analytics tab's ranges (spec 002 section 2.14: 7d, 30d, 90d, 1y) in days; charts cover 30 days by default (section 9). */
export const ADMIN_METRIC_RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export const ZAdminMetricRange = z.enum(['7d', '30d', '90d', '1y']);
export type TAdminMetricRange = z.infer<typeof ZAdminMetricRange>;

/** GET /api/admin/metrics?range: the range is not in the spec (it leaves the choices unwired). */
export const ZAdminMetricsQuery = z.object({ range: ZAdminMetricRange.default('30d') });
export type TAdminMetricsQuery = z.input<typeof ZAdminMetricsQuery>;

/** One day of a chart: the UTC date (YYYY-MM-DD) and its count. */
export const ZDailyCount = z.object({ date: z.iso.date(), count: z.number().int().min(0) });
export type TDailyCount = z.infer<typeof ZDailyCount>;

/**
 * Metrics (spec 002 section 3): daily active users and daily signups, one entry per day of the range
 * ending today (the spec's names, 30 days unless another range is asked for), and the money figures.
 * A user is active on a day they signed in, uploaded media or created an episode.
 */
export const ZAdminMetrics = ZRevenueMetrics.extend({
  range: ZAdminMetricRange,
  daily_active_users_30d: z.array(ZDailyCount),
  daily_signups_30d: z.array(ZDailyCount),
  /** Whether payments are configured: the money figures mean something only then. */
  payments_enabled: z.boolean(),
});
export type TAdminMetrics = z.infer<typeof ZAdminMetrics>;
