import { z } from 'zod';
import { Repository } from '../../db/repository.ts';

const ZDayRow = z.object({ date: z.string(), signups: z.coerce.number(), active: z.coerce.number() });
export type TDayActivity = z.infer<typeof ZDayRow>;

/** The admin metrics' instance-wide figures: every user's rows, so only admin services use it. */
export class AdminMetricsRepository extends Repository {
  /**
   * One row per UTC day of the `days` ending on `now`'s day: the accounts created that day and the
   * users active that day (a sign-in, an upload, a new episode or any recorded activity).
   */
  async dailyActivity(now: Date, days: number): Promise<TDayActivity[]> {
    return z.array(ZDayRow).parse(
      await this.em.execute(
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
  }
}
