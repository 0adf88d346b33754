import { MESSAGES, OUTBOUND_FETCH_RATE, type TOutboundFetchKind } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { RateLimitsRepository } from './rate-limits.repository.ts';

/**
 * Fixed-window counters in PostgreSQL, so every server behind a load balancer shares them.
 * `take` counts an attempt before it is evaluated and refuses it atomically once the window is
 * full, so parallel requests (or one tRPC batch) can never evaluate more than the limit.
 */
export class RateLimitService {
  private readonly counters: RateLimitsRepository;
  constructor(counters: RateLimitsRepository) {
    this.counters = counters;
  }

  /** Counts one event, whatever the count already is; returns the new count. */
  async hit(key: string, windowMs: number): Promise<number> {
    return this.counters.increment(key, windowMs);
  }

  /** Counts one attempt if the window has room for it; false (nothing counted) when it is full. */
  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    return this.counters.incrementBelow(key, max, windowMs);
  }

  /** Takes one attempt under every limit, or refuses with 429 (what was taken before the full one stays counted). */
  async takeOrRefuse(limits: { key: string; max: number }[], windowMs: number): Promise<void> {
    for (const { key, max } of limits) {
      if (!(await this.take(key, max, windowMs))) throw await this.refusal(key, windowMs, MESSAGES.tooManyAttempts);
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
      if (!(await this.take(key, max, OUTBOUND_FETCH_RATE.windowMs))) {
        throw await this.refusal(key, OUTBOUND_FETCH_RATE.windowMs, MESSAGES.tooManyRequests);
      }
    }
  }

  /** The 429 of a full window, with Retry-After the seconds until it restarts. */
  private async refusal(key: string, windowMs: number, message: string): Promise<AppError> {
    return new AppError('RATE_LIMITED', message).withRetryAfter(await this.counters.secondsLeft(key, windowMs));
  }

  /** Gives back an attempt that turned out not to count (a successful sign-in from a shared address). */
  async giveBack(key: string): Promise<void> {
    await this.counters.decrement(key);
  }

  async reset(key: string): Promise<void> {
    await this.counters.delete(key);
  }

  async deleteStale(olderThanMs: number): Promise<void> {
    await this.counters.deleteOlderThan(olderThanMs);
  }
}
