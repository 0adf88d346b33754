import { ZSignedQuery, serveStored, type SignedInput } from '../media/serve-stored.ts';
import { episodeCreatorOperations as ops } from '../operations/episode-creator.operations.ts';
import { ZEnhancePreviewBody } from '@ppp/contracts';
import { bodyRoute, pathRoute, queryRoute } from './operation-route.ts';
import { defineRoutes, route } from './route.ts';
import { readsIn } from '../workspace.ts';
import { mediaAt } from '../workspace-rules.ts';

async function serveSnippet({ ctx, params, query, c }: SignedInput<'/api/media/{id}/snippets/{name}'>): Promise<Response> {
  const key = await ctx.services.uploadSnippets.resolve(params.id, params.name, query);
  return serveStored(c, ctx.services.storage, { key, contentType: 'audio/mpeg', cacheControl: 'private, max-age=3600' });
}

const NOT_READY =
  '404 for an unknown or another user’s upload, 425 TRANSCRIPT_NOT_READY while it is transcribed, 409 when transcription failed.';

/** The Episode Creator's calls (spec 000 §7, issue 7) that are not assembly itself. */
export const episodeCreatorRoutes = defineRoutes([
  bodyRoute(ops.flubberPrepareByFile, {
    method: 'post',
    path: '/api/flubber/prepare-by-file',
    tag: 'flubber',
    summary: `The retakes in an upload (filename: its id, stored or original name) at the fuzzy threshold (default 0.8, 0.5-0.95), each with a snippet of the real audio. ${NOT_READY}`,
  }),
  bodyRoute(ops.internPrepareByFile, {
    method: 'post',
    path: '/api/intern/prepare-by-file',
    tag: 'intern',
    summary: `The spoken Intern commands of an upload, each with its prompt, default end mark (30 s window) and a snippet of the real audio. ${NOT_READY}`,
  }),
  bodyRoute(ops.internExecute, {
    method: 'post',
    path: '/api/intern/execute',
    tag: 'intern',
    summary:
      'Answer a command up to end_s (0.25-30 s after start_s, else 400) with the text AI, or override_text, voiced into a clip (media_id for assemble). ' +
      'Called again unchanged it returns the kept answer; regenerate asks again, at most 2 times (then 429).',
  }),
  queryRoute(ops.lastNumbering, {
    method: 'get',
    path: '/api/episodes/last/numbering',
    tag: 'episodes',
    summary:
      'The highest season of a show’s episodes and the highest episode number in it (null and null when none); 404 for another user’s show.',
  }),
  pathRoute(ops.enhancePreview, {
    method: 'post',
    path: '/api/media/{id}/enhance-preview',
    tag: 'media',
    summary:
      'The A/B preview of speech enhancement: the same 15 s of an upload (from start_s) as recorded and as enhanced, as signed URLs, with ' +
      'what enhancement does to this recording. 404 for an unknown or another user’s upload; 409 when the audio cannot be read.',
    body: { schema: ZEnhancePreviewBody },
    input: ({ id }, body) => ({ media_id: id, start_s: body.start_s }),
  }),
  route({
    method: 'get',
    path: '/api/media/{id}/snippets/{name}',
    produces: ['audio/mpeg'],
    workspace: readsIn(mediaAt()),
    tag: 'media',
    access: 'public',
    query: ZSignedQuery,
    summary: 'A review snippet cut from an upload (the signed url or audio_url of a Flubber or Intern context).',
    handle: serveSnippet,
  }),
]);
