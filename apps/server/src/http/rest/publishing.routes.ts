import { z } from 'zod';
import {
  ZEpisodePlays,
  ZPlaysQuery,
  ZPodcastSummary,
  ZPublishRequest,
  ZPublishStatus,
  ZShowPlays,
  ZUnpublishRequest,
} from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

export const publishingRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/episodes/summary',
    tag: 'episodes',
    access: 'active',
    summary: 'Per-show summary: total episodes and those neither published nor scheduled.',
    query: z.object({ podcast_id: z.string() }),
    response: ZPodcastSummary,
    handle: ({ ctx, query }) => ctx.services.showEpisodes.summary(userOf(ctx), query.podcast_id ?? ''),
  }),
  route({
    method: 'post',
    path: '/api/episodes/{id}/publish',
    tag: 'episodes',
    access: 'active',
    summary:
      'Publish now, schedule (publish_state unpublished plus publish_at at least 1 minute ahead on a 5-minute mark) or keep as draft.',
    body: { schema: ZPublishRequest },
    response: ZPublishStatus,
    handle: ({ ctx, params, body }) => ctx.services.publishing.publish(userOf(ctx), params.id, body),
  }),
  route({
    method: 'get',
    path: '/api/episodes/{id}/publish/status',
    tag: 'episodes',
    access: 'active',
    summary: 'Publish status, host episode id (spreaker_episode_id) and last_error; the client polls it.',
    response: ZPublishStatus,
    handle: ({ ctx, params }) => ctx.services.publishing.status(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/episodes/{id}/unpublish',
    tag: 'episodes',
    access: 'active',
    summary: 'Unpublish a scheduled episode or one published within 24 h; otherwise 409 unless force is true.',
    body: { schema: ZUnpublishRequest },
    response: ZPublishStatus,
    handle: ({ ctx, params, body }) => ctx.services.publishing.unpublish(userOf(ctx), params.id, body),
  }),
  route({
    method: 'post',
    path: '/api/episodes/{id}/republish',
    tag: 'episodes',
    access: 'active',
    summary: 'Retry the publish of a processed episode that failed or needs republishing.',
    response: ZPublishStatus,
    handle: ({ ctx, params }) => ctx.services.publishing.republish(userOf(ctx), params.id),
  }),
  route({
    method: 'get',
    path: '/api/spreaker/analytics/plays/episodes',
    tag: 'analytics',
    access: 'active',
    summary: 'Plays per episode over the window (last30d), from the host each show uses.',
    query: ZPlaysQuery,
    response: ZEpisodePlays,
    handle: ({ ctx, query }) => ctx.services.analytics.episodePlays(userOf(ctx), query),
  }),
  route({
    method: 'get',
    path: '/api/spreaker/analytics/plays/shows',
    tag: 'analytics',
    access: 'active',
    summary: 'Plays per show over the window (last30d), from the host each show uses.',
    query: ZPlaysQuery,
    response: ZShowPlays,
    handle: ({ ctx, query }) => ctx.services.analytics.showPlays(userOf(ctx), query),
  }),
]);
