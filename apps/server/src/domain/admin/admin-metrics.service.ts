import type { z } from 'zod';
import { ADMIN_METRIC_RANGES, type TAdminMetrics, type TRevenueMetrics, type ZAdminMetricsQuery } from '@ppp/contracts';
import type { AdminMetricsRepository } from './admin-metrics.repository.ts';

export interface AdminMetricsDeps {
  repository: AdminMetricsRepository;
  revenue: () => Promise<TRevenueMetrics>;
  paymentsEnabled: boolean;
}

/**
 * GET /api/admin/metrics: one row per UTC day of the range ending today, with the accounts created
 * that day and the users active that day (a sign-in, an upload or a new episode), then the money
 * figures from stored subscriptions and payments.
 */
export class AdminMetricsService {
  private readonly deps: AdminMetricsDeps;
  constructor(deps: AdminMetricsDeps) {
    this.deps = deps;
  }

  async metrics({ range }: z.output<typeof ZAdminMetricsQuery>, now = new Date()): Promise<TAdminMetrics> {
    const rows = await this.deps.repository.dailyActivity(now, ADMIN_METRIC_RANGES[range]);
    return {
      range,
      daily_active_users_30d: rows.map((row) => ({ date: row.date, count: row.active })),
      daily_signups_30d: rows.map((row) => ({ date: row.date, count: row.signups })),
      payments_enabled: this.deps.paymentsEnabled,
      ...(await this.deps.revenue()),
    };
  }
}
