import { z } from 'zod';
import {
  ZDashboardStats,
  ZEditContext,
  ZEpisode,
  ZEpisodeListQuery,
  ZEpisodePage,
  ZEpisodeUpdateRequest,
  ZFlubberApplyRequest,
  ZFlubberApplyResponse,
  ZFlubberContexts,
  ZManualEditCommitRequest,
  ZManualEditCommitResponse,
  ZRetryResponse,
  ZTranscriptFileJson,
} from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';
import { localAudioKey } from '../../domain/episodes/episode.dto.ts';
import { snippetKey } from '../../domain/episodes/flubber-review.service.ts';
import { audioDownloadName, contentTypeOfKey } from '../../domain/episodes/episode-links.ts';
import { ZSignedQuery, serveStored, type SignedInput } from '../media/serve-stored.ts';
import { sendKept } from '../kept-body.ts';
import { userOf } from '../request-context.ts';
import { editsIn, readsIn } from '../workspace.ts';
import { chosenShows, episodeAt } from '../workspace-rules.ts';
import { defineRoutes, route } from './route.ts';

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Not found');

async function serveAudio({ ctx, params, query, c }: SignedInput<'/api/episodes/{id}/audio'>): Promise<Response> {
  const episode = await ctx.services.episodes.forFile(ctx.user, 'audio', params.id, query);
  const key = localAudioKey(episode);
  if (!key) throw NOT_FOUND();
  const downloadName = audioDownloadName(episode, key) ?? undefined;
  return serveStored(c, ctx.services.storage, {
    key,
    contentType: contentTypeOfKey(key),
    cacheControl: 'private, max-age=3600',
    downloadName,
  });
}

async function serveCover({ ctx, params, query, c }: SignedInput<'/api/episodes/{id}/cover'>): Promise<Response> {
  const episode = await ctx.services.episodes.forFile(ctx.user, 'cover', params.id, query);
  const cover = await ctx.services.episodes.coverFile(episode);
  if (!cover) throw NOT_FOUND();
  return serveStored(c, ctx.services.storage, { ...cover, cacheControl: 'private, max-age=3600' });
}

async function serveTranscript({ ctx, params, query, c }: SignedInput<'/api/episodes/{id}/transcript'>): Promise<Response> {
  const episode = await ctx.services.episodes.forFile(ctx.user, 'transcript', params.id, query);
  const json = await ctx.services.feeds.transcriptFile(episode, 'json');
  return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, max-age=3600' });
}

async function serveSnippet({ ctx, params, query, c }: SignedInput<'/api/episodes/{id}/flubber-snippets/{index}'>): Promise<Response> {
  const index = params.index;
  if (!/^\d{1,5}$/.test(index)) throw NOT_FOUND();
  const episode = await ctx.services.episodes.forFile(ctx.user, 'snippet', params.id, query, index);
  return serveStored(c, ctx.services.storage, {
    key: snippetKey(episode, Number(index)),
    contentType: 'audio/mpeg',
    cacheControl: 'private, max-age=3600',
  });
}

/** Episode History, the manual editor and the Flubber review panel (spec 001 §7), and the dashboard's statistics (spec 002 §7). */
export const episodeRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/episodes',
    workspace: readsIn(),
    tag: 'episodes',
    access: 'active',
    summary: 'Your episodes as a plain array, newest first (one page of 500; offset to page on).',
    query: ZEpisodeListQuery,
    response: z.array(ZEpisode),
    handle: ({ ctx, query }) => ctx.services.episodes.list(userOf(ctx), query, chosenShows(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/episodes/',
    workspace: readsIn(),
    tag: 'episodes',
    access: 'active',
    summary: 'A page of your episodes, newest first: items and total (limit up to 500, offset).',
    query: ZEpisodeListQuery,
    response: ZEpisodePage,
    // Sent as kept: the JSON, its gzip and its ETag are made once per version of the page's rows.
    handle: async ({ ctx, query, c }) => {
      const page = await ctx.services.episodes.pageBody(userOf(ctx), query, chosenShows(ctx));
      return sendKept(c, { owner: page, body: page.json, etag: page.etag, headers: { 'content-type': 'application/json' } });
    },
  }),
  route({
    method: 'get',
    path: '/api/episodes/{id}',
    workspace: readsIn(episodeAt()),
    tag: 'episodes',
    access: 'active',
    summary: 'One of your episodes (404 when it is not yours).',
    response: ZEpisode,
    handle: ({ ctx, params }) => ctx.services.episodes.get(userOf(ctx), params.id),
  }),
  route({
    method: 'patch',
    path: '/api/episodes/{id}',
    workspace: editsIn(episodeAt()),
    tag: 'episodes',
    access: 'active',
    summary:
      'Edit title (trimmed), description, tags (at most 20 of 30 characters, no repeats ignoring case), explicit, cover and crop, season/episode (whole numbers 0+ or empty; 409 when another episode of the show has the pair) and the template link.',
    body: { schema: ZEpisodeUpdateRequest },
    response: ZEpisode,
    handle: ({ ctx, params, body }) => ctx.services.episodes.update(userOf(ctx), params.id, body),
  }),
  route({
    method: 'delete',
    path: '/api/episodes/{id}',
    workspace: editsIn(episodeAt()),
    tag: 'episodes',
    access: 'active',
    status: 204,
    summary: 'Delete an episode and its files (processing minutes are not refunded).',
    handle: ({ ctx, params }) => ctx.services.episodes.delete(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/episodes/{id}/retry',
    workspace: editsIn(episodeAt()),
    tag: 'episodes',
    access: 'active',
    summary:
      'Assemble again: for an error episode, or one processing longer than 1.25x its duration (15 minutes when unknown); 409 otherwise.',
    response: ZRetryResponse,
    handle: ({ ctx, params }) => ctx.services.episodes.retry(userOf(ctx), params.id),
  }),
  route({
    method: 'get',
    path: '/api/episodes/{id}/cover',
    produces: ['image/jpeg', 'image/png'],
    workspace: readsIn(episodeAt()),
    tag: 'episodes',
    access: 'public',
    query: ZSignedQuery,
    summary: 'The episode’s cover image (else its show’s): with the signed query of cover_url, or your bearer token.',
    handle: serveCover,
  }),
  route({
    method: 'get',
    path: '/api/episodes/{id}/transcript',
    workspace: readsIn(episodeAt()),
    tag: 'episodes',
    access: 'public',
    query: ZSignedQuery,
    summary:
      'The episode’s transcript (JSON words on its own timeline, after its cuts): with the signed query of transcript_url, or your bearer token.',
    response: ZTranscriptFileJson,
    handle: serveTranscript,
  }),
  route({
    method: 'get',
    path: '/api/episodes/{id}/audio',
    produces: ['audio/mpeg', 'audio/mp4', 'audio/wav'],
    workspace: readsIn(episodeAt()),
    tag: 'episodes',
    access: 'public',
    query: ZSignedQuery,
    summary: 'The finished audio with range requests: with the signed query of playback_url, or your bearer token.',
    handle: serveAudio,
  }),
  route({
    method: 'get',
    path: '/api/episodes/{id}/edit-context',
    workspace: readsIn(episodeAt()),
    tag: 'episodes',
    access: 'active',
    summary:
      'What the manual editor opens with: duration_ms, manual cuts already applied, the signed audio URL and the worker’s peaks URL.',
    response: ZEditContext,
    handle: ({ ctx, params }) => ctx.services.manualEdit.context(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/episodes/{id}/manual-edit/commit',
    workspace: editsIn(episodeAt()),
    tag: 'episodes',
    access: 'active',
    summary:
      'Add cuts (finished-episode milliseconds; under 20 ms dropped, sorted) to the stored edit list and re-render: status done or queued.',
    body: { schema: ZManualEditCommitRequest },
    response: ZManualEditCommitResponse,
    handle: ({ ctx, params, body }) => ctx.services.manualEdit.commit(userOf(ctx), params.id, body),
  }),
  route({
    method: 'get',
    path: '/api/episodes/{id}/flubber-snippets/{index}',
    produces: ['audio/mpeg'],
    workspace: readsIn(episodeAt()),
    tag: 'episodes',
    access: 'public',
    query: ZSignedQuery,
    summary: 'A retake review snippet (the signed url of a Flubber context).',
    handle: serveSnippet,
  }),
  route({
    method: 'post',
    path: '/api/flubber/prepare/{id}',
    workspace: editsIn(episodeAt()),
    tag: 'flubber',
    access: 'active',
    response: ZFlubberContexts,
    summary: 'Cut the retake review snippets of an episode from its source audio; then reload the contexts.',
    handle: ({ ctx, params }) => ctx.services.flubberReview.prepare(userOf(ctx), params.id),
  }),
  route({
    method: 'get',
    path: '/api/flubber/contexts/{id}',
    workspace: readsIn(episodeAt()),
    tag: 'flubber',
    access: 'active',
    response: ZFlubberContexts,
    summary: 'The retake markers found in the episode’s source audio, each with its snippet.',
    handle: ({ ctx, params }) => ctx.services.flubberReview.contexts(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/flubber/apply/{id}',
    workspace: editsIn(episodeAt()),
    tag: 'flubber',
    access: 'active',
    summary:
      "Cut the chosen retakes ([{start_s, end_s}], marker -0.75 s to +0.25 s) from the episode and re-render; at least one ('No cuts selected').",
    body: { schema: ZFlubberApplyRequest },
    response: ZFlubberApplyResponse,
    handle: ({ ctx, params, body }) => ctx.services.flubberReview.apply(userOf(ctx), params.id, body),
  }),
  route({
    method: 'get',
    path: '/api/dashboard/stats',
    workspace: readsIn(),
    tag: 'dashboard',
    access: 'active',
    response: ZDashboardStats,
    summary:
      'Dashboard statistics: episodes (total, last 30 days, upcoming), last published, last assembly, plays, Spreaker connection, shows, templates and minutes (minutes_left null is unlimited).',
    handle: ({ ctx }) => ctx.services.dashboard.stats(userOf(ctx), new Date(), chosenShows(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/users/me/stats',
    tag: 'dashboard',
    access: 'active',
    response: ZDashboardStats,
    summary: 'Your statistics (the same figures as /api/dashboard/stats).',
    handle: ({ ctx }) => ctx.services.dashboard.stats(userOf(ctx)),
  }),
]);
