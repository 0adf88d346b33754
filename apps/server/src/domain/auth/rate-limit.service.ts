import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES, OUTBOUND_FETCH_RATE, type TOutboundFetchKind } from '@ppp/contracts';
import { AppError } from '../errors.ts';

/** The window of `rate_limits` restarts once it is older than the given seconds. */
const EXPIRED = `rate_limits.window_start < now() - make_interval(secs => ?)`;

/**
 * Fixed-window counters in PostgreSQL, so every server behind a load balancer shares them.
 * `take` counts an attempt before it is evaluated and refuses it atomically once the window is
 * full, so parallel requests (or one tRPC batch) can never evaluate more than the limit.
 */
export class RateLimitService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  /** Counts one event, whatever the count already is; returns the new count. */
  async hit(key: string, windowMs: number): Promise<number> {
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

  /** Counts one attempt if the window has room for it; false (nothing counted) when it is full. */
  async take(key: string, max: number, windowMs: number): Promise<boolean> {
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

  /** Takes one attempt under every limit, or refuses with 429 (what was taken before the full one stays counted). */
  async takeOrRefuse(limits: { key: string; max: number }[], windowMs: number): Promise<void> {
    for (const { key, max } of limits) {
      if (!(await this.take(key, max, windowMs))) throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
    }
  }

  /**
   * A request that makes this server fetch an address a user gave (RSS preview and import, music
   * import by URL): counted per user and per instance before anything is fetched; past either
   * bound a 429 in the spec's words (issue 14).
   */
  async takeOutboundFetch(kind: TOutboundFetchKind, userId: string): Promise<void> {
    const { perUser, perInstance } = OUTBOUND_FETCH_RATE.limits[kind];
    for (const [key, max] of [
      [`fetch:${kind}:user:${userId}`, perUser],
      [`fetch:${kind}:instance`, perInstance],
    ] as const) {
      if (!(await this.take(key, max, OUTBOUND_FETCH_RATE.windowMs))) throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
    }
  }

  /** Gives back an attempt that turned out not to count (a successful sign-in from a shared address). */
  async giveBack(key: string): Promise<void> {
    await this.em.getConnection().execute('update rate_limits set count = greatest(count - 1, 0) where key = ?', [key]);
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
