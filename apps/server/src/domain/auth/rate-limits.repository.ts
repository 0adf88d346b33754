import { Repository } from '../../db/repository.ts';

/** The window of `rate_limits` restarts once it is older than the given seconds. */
const EXPIRED = `rate_limits.window_start < now() - make_interval(secs => ?)`;

/** The rate_limits table: one fixed-window counter per key, each change a single atomic statement. */
export class RateLimitsRepository extends Repository {
  /** Counts one event, whatever the count already is (a window older than windowMs restarts); the new count. */
  async increment(key: string, windowMs: number): Promise<number> {
    const rows = await this.em.getConnection().execute<{ count: number }[]>(
      `insert into rate_limits (key, count, window_start) values (?, 1, now())
       on conflict (key) do update set
         count = case when ${EXPIRED} then 1 else rate_limits.count + 1 end,
         window_start = case when ${EXPIRED} then now() else rate_limits.window_start end
       returning count`,
      [key, windowMs / 1000, windowMs / 1000],
    );
    return Number(rows[0]?.count ?? 1);
  }

  /** Counts one event only while the window holds fewer than max; false (nothing counted) when it is full. */
  async incrementBelow(key: string, max: number, windowMs: number): Promise<boolean> {
    const secs = windowMs / 1000;
    const rows = await this.em.getConnection().execute<{ count: number }[]>(
      `insert into rate_limits (key, count, window_start) values (?, 1, now())
       on conflict (key) do update set
         count = case when ${EXPIRED} then 1 else rate_limits.count + 1 end,
         window_start = case when ${EXPIRED} then now() else rate_limits.window_start end
       where ${EXPIRED} or rate_limits.count < ?
       returning count`,
      [key, secs, secs, secs, max],
    );
    return rows.length > 0;
  }

  /** Seconds until the key's window restarts (0 when it has none or it already ended). */
  async secondsLeft(key: string, windowMs: number): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ left: number | string | null }[]>(
        `select extract(epoch from (window_start + make_interval(secs => ?) - now())) as left from rate_limits where key = ?`,
        [windowMs / 1000, key],
      );
    return Math.max(0, Number(rows[0]?.left ?? 0));
  }

  /** Takes one off the key's count (never below zero). */
  async decrement(key: string): Promise<void> {
    await this.em.getConnection().execute('update rate_limits set count = greatest(count - 1, 0) where key = ?', [key]);
  }

  async delete(key: string): Promise<void> {
    await this.em.getConnection().execute('delete from rate_limits where key = ?', [key]);
  }

  /** Deletes the counters whose window started more than olderThanMs ago. */
  async deleteOlderThan(olderThanMs: number): Promise<void> {
    await this.em
      .getConnection()
      .execute('delete from rate_limits where window_start < now() - make_interval(secs => ?)', [olderThanMs / 1000]);
  }
}
