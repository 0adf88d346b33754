import { z } from 'zod';
import { ZPodcastSummary, ZPublishRequest, ZUnpublishRequest } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { publishingOperations as ops } from '../operations/publishing.operations.ts';
import { pathRoute, queryRoute } from './operation-route.ts';
import { defineRoutes, route } from './route.ts';
import { readsIn } from '../workspace.ts';
import { showAt } from '../workspace-rules.ts';

export const publishingRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/episodes/summary',
    workspace: readsIn(showAt('podcast_id')),
    tag: 'episodes',
    access: 'active',
    summary: 'Per-show summary: total episodes and those neither published nor scheduled.',
    query: z.object({ podcast_id: z.string() }),
    response: ZPodcastSummary,
    handle: ({ ctx, query }) => ctx.services.showEpisodes.summary(userOf(ctx), query.podcast_id ?? ''),
  }),
  pathRoute(ops.publish, {
    method: 'post',
    path: '/api/episodes/{id}/publish',
    tag: 'episodes',
    summary:
      'Publish now, schedule (publish_state unpublished plus publish_at at least 1 minute ahead on a 5-minute mark) or keep as draft.',
    body: { schema: ZPublishRequest },
    input: ({ id }, body) => ({ ...body, id }),
  }),
  pathRoute(ops.status, {
    method: 'get',
    path: '/api/episodes/{id}/publish/status',
    tag: 'episodes',
    summary: 'Publish status, host episode id (spreaker_episode_id) and last_error; the client polls it.',
    input: (params) => params,
  }),
  pathRoute(ops.unpublish, {
    method: 'post',
    path: '/api/episodes/{id}/unpublish',
    tag: 'episodes',
    summary: 'Unpublish a scheduled episode or one published within 24 h; otherwise 409 unless force is true.',
    body: { schema: ZUnpublishRequest },
    input: ({ id }, body) => ({ ...body, id }),
  }),
  pathRoute(ops.republish, {
    method: 'post',
    path: '/api/episodes/{id}/republish',
    tag: 'episodes',
    summary: 'Retry the publish of a processed episode that failed or needs republishing.',
    input: (params) => params,
  }),
  queryRoute(ops.episodePlays, {
    method: 'get',
    path: '/api/spreaker/analytics/plays/episodes',
    tag: 'analytics',
    summary: 'Plays per episode over the window (last30d), from the host each show uses.',
  }),
  queryRoute(ops.showPlays, {
    method: 'get',
    path: '/api/spreaker/analytics/plays/shows',
    tag: 'analytics',
    summary: 'Plays per show over the window (last30d), from the host each show uses.',
  }),
]);
