import { FEED_ANNOUNCE } from '@ppp/contracts';
import type { JobDefinition } from './job.ts';

/**
 * Issue 36: a show's feed changed; its WebSub hub (when configured) and Podping are told. A hub or
 * Podping that is down throws, and pg-boss retries with backoff; the publish that queued this job
 * finished long before. Safe to run twice: a second ping only says again that the feed changed.
 */
export const feedAnnounceJob: JobDefinition<'feed.announce'> = {
  name: 'feed.announce',
  retryLimit: FEED_ANNOUNCE.retryLimit,
  retryDelay: FEED_ANNOUNCE.retryDelaySeconds,
  retryBackoff: true,
  expireInSeconds: 300,
  async handle({ podcast_id }, { services, log }) {
    await services.feedAnnouncer.notifyNow(podcast_id, log);
    return { announced: podcast_id };
  },
};
