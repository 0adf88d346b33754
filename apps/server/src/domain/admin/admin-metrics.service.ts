import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ADMIN_METRIC_RANGES, ZAdminMetricsQuery, type TAdminMetrics, type TAdminMetricsQuery, type TRevenueMetrics } from '@ppp/contracts';
import { parseInput } from '../validation.ts';

const ZDayRow = z.object({ date: z.string(), signups: z.coerce.number(), active: z.coerce.number() });

export interface AdminMetricsDeps {
  em: EntityManager;
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

  async metrics(input: TAdminMetricsQuery, now = new Date()): Promise<TAdminMetrics> {
    const { range } = parseInput(ZAdminMetricsQuery, input);
    const days = ADMIN_METRIC_RANGES[range];
    const rows = z.array(ZDayRow).parse(
      await this.deps.em.execute(
        `with days as (
           select d::date as day,
                  (d::date)::timestamp at time zone 'UTC' as day_start,
                  (d::date + 1)::timestamp at time zone 'UTC' as day_end
             from generate_series((?::timestamptz at time zone 'UTC')::date - (?::int - 1),
                                  (?::timestamptz at time zone 'UTC')::date, interval '1 day') as d
         )
         select to_char(days.day, 'YYYY-MM-DD') as date,
                (select count(*) from users u where u.created_at >= days.day_start and u.created_at < days.day_end) as signups,
                (select count(distinct a.user_id) from (
                   select s.user_id from sessions s where s.created_at >= days.day_start and s.created_at < days.day_end
                   union select m.user_id from media_items m where m.created_at >= days.day_start and m.created_at < days.day_end
                   union select e.user_id from episodes e where e.created_at >= days.day_start and e.created_at < days.day_end
                   union select u.id from users u where u.last_activity_at >= days.day_start and u.last_activity_at < days.day_end
                 ) a) as active
           from days
          order by days.day`,
        [now, days, now],
      ),
    );
    return {
      range,
      daily_active_users_30d: rows.map((row) => ({ date: row.date, count: row.active })),
      daily_signups_30d: rows.map((row) => ({ date: row.date, count: row.signups })),
      payments_enabled: this.deps.paymentsEnabled,
      ...(await this.deps.revenue()),
    };
  }
}
