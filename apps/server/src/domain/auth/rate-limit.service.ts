import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@ppp/contracts';
import { AppError } from '../errors.ts';

/**
 * Fixed-window counters in PostgreSQL, so every server behind a load balancer shares them.
 * `hit` counts one event atomically; `assertUnder` refuses once the window is full.
 */
export class RateLimitService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const rows = await this.em.getConnection().execute<{ count: number }[]>(
      `insert into rate_limits (key, count, window_start) values (?, 1, now())
       on conflict (key) do update set
         count = case when rate_limits.window_start < now() - make_interval(secs => ?) then 1 else rate_limits.count + 1 end,
         window_start = case when rate_limits.window_start < now() - make_interval(secs => ?) then now() else rate_limits.window_start end
       returning count`,
      [key, windowMs / 1000, windowMs / 1000],
    );
    return Number(rows[0]?.count ?? 1);
  }

  async count(key: string, windowMs: number): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ count: number }[]>(`select count from rate_limits where key = ? and window_start >= now() - make_interval(secs => ?)`, [
        key,
        windowMs / 1000,
      ]);
    return Number(rows[0]?.count ?? 0);
  }

  async assertUnder(keys: string[], max: number, windowMs: number): Promise<void> {
    for (const key of keys) {
      if ((await this.count(key, windowMs)) >= max) throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
    }
  }

  async reset(key: string): Promise<void> {
    await this.em.getConnection().execute('delete from rate_limits where key = ?', [key]);
  }

  async deleteStale(olderThanMs: number): Promise<void> {
    await this.em
      .getConnection()
      .execute('delete from rate_limits where window_start < now() - make_interval(secs => ?)', [olderThanMs / 1000]);
  }
}
