import { describe, expect, it } from 'vitest';
import type { TPublishStatus } from '@ppp/contracts';
import { canRepublish, canUnpublish, pollPublishStatus } from './publish-rules.ts';

const now = new Date(2026, 10, 21, 14, 2, 10);

describe('which actions an episode offers', () => {
  const base = { has_audio: true, publish_state: null, publish_at: null } as const;
  it('unpublishes scheduled ones and those published within 24 h', () => {
    expect(canUnpublish({ ...base, status: 'scheduled', publish_at: new Date(now.getTime() + 1000) }, now)).toBe(true);
    expect(canUnpublish({ ...base, status: 'published', publish_at: new Date(now.getTime() - 23 * 3600_000) }, now)).toBe(true);
    expect(canUnpublish({ ...base, status: 'published', publish_at: new Date(now.getTime() - 25 * 3600_000) }, now)).toBe(false);
    expect(canUnpublish({ ...base, status: 'processed' }, now)).toBe(false);
  });
  it('retries processed episodes with publish_error or needs_republish', () => {
    expect(canRepublish({ ...base, status: 'processed', publish_state: 'publish_error' })).toBe(true);
    expect(canRepublish({ ...base, status: 'processed', publish_state: 'needs_republish' })).toBe(true);
    expect(canRepublish({ ...base, status: 'published', publish_state: 'publish_error' })).toBe(false);
  });
});

describe('publish status poll', () => {
  const status = (over: Partial<TPublishStatus>): TPublishStatus => ({
    episode_id: 'e',
    status: 'processed',
    publish_state: 'queued',
    visibility: 'public',
    publish_at: null,
    publish_at_local: null,
    published_at: null,
    host: 'builtin',
    host_episode_id: null,
    spreaker_episode_id: null,
    last_error: null,
    audio_url: null,
    feed_url: null,
    ...over,
  });
  it('polls every 0.6 s for at most 4 s', async () => {
    const waits: number[] = [];
    const result = await pollPublishStatus(
      async () => status({}),
      async (ms) => void waits.push(ms),
    );
    expect(waits).toEqual([600, 600, 600, 600, 600, 600]);
    expect(result.publish_state).toBe('queued');
  });
  it('stops once published, with a hosting id, or with an error', async () => {
    let reads = 0;
    const result = await pollPublishStatus(
      async () => (++reads === 3 ? status({ last_error: 'x' }) : status({})),
      async () => undefined,
    );
    expect(reads).toBe(3);
    expect(result.last_error).toBe('x');
  });
});
