import { describe, expect, it } from 'vitest';
import { EPISODE_HISTORY, type TEpisode } from '@ppp/contracts';
import { VersionedCache } from '../../src/db/versioned-cache.ts';
import { nextRetryChange, pageBodyOf } from '../../src/domain/episodes/episode-pages.ts';
import { sameExpiryUntil } from '../../src/domain/storage/url-signer.ts';

const cache = () => new VersionedCache<{ text: string }>({ maxBytes: 100, sizeOf: (value) => value.text.length });
const builder = (text: string, validUntil = Number.POSITIVE_INFINITY) => {
  let calls = 0;
  return {
    build: () => {
      calls++;
      return Promise.resolve({ value: { text }, validUntil });
    },
    calls: () => calls,
  };
};

describe('VersionedCache', () => {
  it('keeps a value while its version stands and rebuilds when the version moves', async () => {
    const kept = cache();
    const first = builder('one');
    expect(await kept.get('k', 'v1', 0, first.build)).toEqual({ text: 'one' });
    expect(await kept.get('k', 'v1', 1, first.build)).toEqual({ text: 'one' });
    expect(first.calls()).toBe(1);
    const second = builder('two');
    expect(await kept.get('k', 'v2', 2, second.build)).toEqual({ text: 'two' });
    expect(second.calls()).toBe(1);
  });

  it('rebuilds once the value no longer holds at the time asked', async () => {
    const kept = cache();
    const step = builder('signed', 1000);
    await kept.get('k', 'v', 0, step.build);
    await kept.get('k', 'v', 999, step.build);
    expect(step.calls()).toBe(1);
    await kept.get('k', 'v', 1000, step.build);
    expect(step.calls()).toBe(2);
  });

  it('shares one build among calls that miss at once, and keeps no more bytes than allowed', async () => {
    const kept = cache();
    const slow = builder('x'.repeat(60));
    await Promise.all([kept.get('a', 'v', 0, slow.build), kept.get('a', 'v', 0, slow.build), kept.get('a', 'v', 0, slow.build)]);
    expect(slow.calls()).toBe(1);
    const other = builder('y'.repeat(60));
    await kept.get('b', 'v', 0, other.build);
    // 'a' made room for 'b' (60 + 60 > 100): asked again, it is built again.
    await kept.get('a', 'v', 0, slow.build);
    expect(slow.calls()).toBe(2);
  });
});

describe('how long a page of Episode History holds', () => {
  it('keeps signed links the same until their rounded expiry would move', () => {
    const ttl = EPISODE_HISTORY.signedUrlTtlSeconds;
    const step = EPISODE_HISTORY.signedUrlExpiryStepSeconds;
    const now = Date.UTC(2026, 10, 28, 12, 1, 30);
    const until = sameExpiryUntil(now, ttl, step);
    const expiry = (at: number) => Math.ceil((Math.floor(at / 1000) + ttl) / step) * step;
    expect(until).toBeGreaterThan(now);
    expect(until - now).toBeLessThanOrEqual(step * 1000);
    expect(expiry(until - 1)).toBe(expiry(now));
    expect(expiry(until)).not.toBe(expiry(now));
  });

  it('ends when a processing episode is first offered Retry', () => {
    const created = new Date(Date.UTC(2026, 0, 1));
    const item = (status: string) => ({ status, duration_ms: 60_000, processed_at: null, created_at: created }) as TEpisode;
    const now = created.getTime() + 1000;
    expect(nextRetryChange([item('processed'), item('error')], now)).toBe(Number.POSITIVE_INFINITY);
    expect(nextRetryChange([item('processing')], now)).toBe(created.getTime() + 60_000 * EPISODE_HISTORY.stuckFactor + 1);
  });

  it('freezes the kept page and gives its JSON a strong ETag', () => {
    const body = pageBodyOf({ items: [], total: 0, limit: 20, offset: 0 });
    expect(Object.isFrozen(body.page)).toBe(true);
    expect(new TextDecoder().decode(body.json)).toBe('{"items":[],"total":0,"limit":20,"offset":0}');
    expect(body.etag).toMatch(/^"[\w-]{27}"$/);
  });
});
