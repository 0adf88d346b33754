import { describe, expect, it } from 'vitest';
import { PUBLISH_LIMITS, type TPublishStatus } from '@ppp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { canRepublish, canUnpublish } from './publish-rules.ts';
import { followPublishStatus } from './follow-publish.ts';

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
  it('reads again for at most 4 s at 0.6 s apart, then answers the last status', async () => {
    let reads = 0;
    const result = await followPublishStatus(new QueryClient(), 'e1', async () => (reads++, status({})), 0);
    // The first read and six more (0.6 s apart in the dialog; no wait here): 4 s in all.
    expect(PUBLISH_LIMITS.statusPollMs).toBe(600);
    expect(reads).toBe(1 + Math.floor(PUBLISH_LIMITS.statusPollMaxMs / PUBLISH_LIMITS.statusPollMs));
    expect(reads).toBe(7);
    expect(result.publish_state).toBe('queued');
  });
  it('stops once published, with a hosting id, or with an error', async () => {
    let reads = 0;
    const result = await followPublishStatus(
      new QueryClient(),
      'e2',
      async () => (++reads === 3 ? status({ last_error: 'x' }) : status({})),
      0,
    );
    expect(reads).toBe(3);
    expect(result.last_error).toBe('x');
  });
});
