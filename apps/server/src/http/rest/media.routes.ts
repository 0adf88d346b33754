import { z } from 'zod';
import {
  ZCoverImageList,
  ZCoverUploadResponse,
  ZMediaItem,
  ZMediaUpdateRequest,
  ZOkResponse,
  ZPreviewQuery,
  ZPreviewResponse,
  ZRescanRequest,
  ZRescanResult,
  ZTranscriptCorrectionsBody,
  ZTranscriptCorrectionsRequest,
  ZTranscriptCorrectionsResult,
  ZTranscriptWord,
  ZUploadCategory,
  ZUploadNotify,
  type TUploadCategory,
} from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';
import { parseInput } from '../../domain/validation.ts';
import { userOf } from '../request-context.ts';
import { editsIn, readsIn } from '../workspace.ts';
import { mediaAt } from '../workspace-rules.ts';
import { categoryGuard, readUploadBody, readUploadForm, type UploadForm } from './multipart.ts';
import { defineRoutes, route, OK, type RawQuery, type RestInput } from './route.ts';

const ZUploadFields = z.object({
  files: z.array(z.string()).describe('audio files (repeated field)'),
  friendly_names: z.string().optional().describe('JSON array of strings, one per file'),
  notify_when_ready: z.enum(['true', 'false']).optional().describe('main_content only'),
  notify_email: z.string().optional().describe('main_content only, used when notify_when_ready is true'),
  transcript: z.string().optional().describe('a .vtt, .srt or word .json transcript for a single file; it wins over every engine'),
});

async function upload({
  ctx,
  params,
  body,
  files: form,
}: RestInput<{ category: TUploadCategory }, RawQuery, z.output<typeof ZUploadNotify>, UploadForm>) {
  try {
    return await ctx.services.uploads.acceptMany(
      userOf(ctx),
      form.files,
      form.friendlyNames,
      { category: params.category, ...body },
      form.transcript,
    );
  } finally {
    await form.cleanup();
  }
}

const ZEpisodeCoverFields = z.object({
  files: z.array(z.string()).describe('one PNG or JPEG image'),
  friendly_names: z.string().optional().describe('JSON array of one string'),
});

/** A cover form's one image (422 for none or several), the form's files removed afterwards. */
async function withOneCover<T>(
  { ctx, c }: RestInput,
  accept: (file: UploadForm['files'][number], form: UploadForm) => Promise<T>,
): Promise<T> {
  const form = await readUploadForm(c, categoryGuard(ctx, 'cover_art'));
  try {
    const [file, ...extra] = form.files;
    if (!file || extra.length > 0) throw new AppError('VALIDATION', 'Send exactly one cover image.');
    return await accept(file, form);
  } finally {
    await form.cleanup();
  }
}

const uploadEpisodeCover = (input: RestInput) =>
  withOneCover(input, async (file, form) => [
    await input.ctx.services.uploads.acceptEpisodeCover(userOf(input.ctx), file, form.friendlyNames[0]),
  ]);

const uploadCover = (input: RestInput) => withOneCover(input, (file) => input.ctx.services.uploads.acceptCover(userOf(input.ctx), file));

export const mediaRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/media/',
    workspace: readsIn(),
    tag: 'media',
    access: 'active',
    summary: 'The media library (intro, outro, music, commercial, sfx), newest first; sfx items supply the beep choices.',
    response: z.array(ZMediaItem),
    handle: ({ ctx }) => ctx.services.media.findLibrary(userOf(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/media/covers',
    workspace: readsIn(),
    tag: 'media',
    access: 'active',
    summary:
      "The creator's cover images (cover art and episode covers), newest first, each with its public path: the onboarding cover step offers them again.",
    response: ZCoverImageList,
    handle: ({ ctx }) => ctx.services.media.findCovers(userOf(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/media/main-content',
    workspace: readsIn(),
    tag: 'media',
    access: 'active',
    summary: 'Main-content uploads (Processing or Ready) with duration and Flubber, Intern and sound-effect counts.',
    response: z.array(ZMediaItem),
    handle: ({ ctx }) => ctx.services.media.findMainContent(userOf(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/media/preview',
    workspace: readsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: 'A short-lived signed URL an audio element can play (range requests supported).',
    query: ZPreviewQuery,
    response: ZPreviewResponse,
    handle: ({ ctx, query }) => ctx.services.media.preview(userOf(ctx), query.id),
  }),
  route({
    method: 'post',
    path: '/api/media/upload/cover_art',
    workspace: editsIn(),
    tag: 'media',
    access: 'active',
    summary: 'Upload a cover image (PNG or JPEG, up to 15 MB; multipart field file).',
    upload: z.object({ file: z.string() }),
    response: ZCoverUploadResponse,
    status: 201,
    handle: uploadCover,
  }),
  route({
    method: 'post',
    path: '/api/media/upload/episode_cover',
    workspace: editsIn(),
    tag: 'media',
    access: 'active',
    summary:
      "An episode's cover from the Episode Creator (multipart files plus friendly_names): one PNG or JPEG up to 15 MB, kept as cover art; answers a list of one media item.",
    upload: ZEpisodeCoverFields,
    response: z.array(ZMediaItem),
    status: 201,
    handle: uploadEpisodeCover,
  }),
  route({
    method: 'post',
    path: '/api/media/upload/{category}',
    workspace: editsIn(),
    params: z.object({ category: ZUploadCategory }),
    body: { schema: ZUploadNotify, read: readUploadBody },
    tag: 'media',
    access: 'active',
    summary:
      'Upload audio to a category (intro, outro, music, sfx, main_content; commercial is Coming Soon). Audio only, checked by content; ' +
      '50 MB per file, 25 MB for sfx, the instance limit for main content. Main content is queued for transcription.',
    upload: ZUploadFields,
    response: z.array(ZMediaItem),
    status: 201,
    handle: upload,
  }),
  route({
    method: 'get',
    path: '/api/media/{id}',
    workspace: readsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: 'One media item or upload, with its transcript text when ready.',
    response: ZMediaItem,
    handle: ({ ctx, params }) => ctx.services.media.getDto(userOf(ctx), params.id),
  }),
  route({
    method: 'put',
    path: '/api/media/{id}',
    workspace: editsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: 'Rename an item (friendly_name) and set an sfx trigger keyword (nullable).',
    body: { schema: ZMediaUpdateRequest },
    response: ZMediaItem,
    handle: ({ ctx, params, body }) => ctx.services.media.update(userOf(ctx), params.id, body),
  }),
  route({
    method: 'patch',
    path: '/api/media/{id}',
    workspace: editsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: 'Partial update: display_name (alias of friendly_name), friendly_name, trigger_keyword.',
    body: { schema: ZMediaUpdateRequest },
    response: ZMediaItem,
    handle: ({ ctx, params, body }) => ctx.services.media.update(userOf(ctx), params.id, body),
  }),
  route({
    method: 'delete',
    path: '/api/media/{id}',
    workspace: editsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: 'Delete a media item or upload and its stored files.',
    response: ZOkResponse,
    handle: async ({ ctx, params }) => (await ctx.services.media.delete(userOf(ctx), params.id), OK),
  }),
  route({
    method: 'post',
    path: '/api/media/{id}/retry',
    workspace: editsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: 'Queue transcription of an upload again (after an error, or once an engine is configured).',
    response: ZMediaItem,
    handle: ({ ctx, params }) => ctx.services.media.retryTranscription(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/media/{id}/transcript',
    workspace: editsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: 'Supply a transcript (.vtt, .srt or word .json; multipart field file) for an upload; it wins over every engine.',
    upload: z.object({ file: z.string() }),
    response: ZMediaItem,
    handle: async ({ ctx, c, params }) => {
      // A transcript file is held to a music file's limit (it is parsed whole).
      const form = await readUploadForm(c, categoryGuard(ctx, 'music'));
      try {
        const [file] = form.files;
        if (!file) throw new AppError('VALIDATION', 'Send the transcript file.');
        return await ctx.services.uploads.attachTranscript(userOf(ctx), params.id, file);
      } finally {
        await form.cleanup();
      }
    },
  }),
  route({
    method: 'get',
    path: '/api/media/{id}/transcript',
    workspace: readsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: "An upload's transcript: words with start and end seconds and confidence.",
    response: z.object({
      media_id: z.string(),
      engine: z.string(),
      language: z.string().nullable(),
      text: z.string(),
      words: z.array(ZTranscriptWord),
    }),
    handle: async ({ ctx, params }) => {
      const t = await ctx.services.transcripts.getTranscript(userOf(ctx), params.id);
      return { media_id: params.id, engine: t.engine, language: t.language ?? null, text: t.text, words: t.words };
    },
  }),
  route({
    method: 'get',
    path: '/api/media/{id}/subtitle',
    produces: ['text/vtt'],
    workspace: readsIn(mediaAt()),
    tag: 'media',
    access: 'active',
    summary: "An upload's transcript as WebVTT captions (spec 001 §3 subtitle); 404 until it is ready and for another user's.",
    handle: async ({ ctx, params, c }) =>
      c.body(await ctx.services.transcripts.subtitle(userOf(ctx), params.id), 200, { 'content-type': 'text/vtt; charset=utf-8' }),
  }),
  route({
    method: 'patch',
    path: '/api/media/{id}/transcript',
    workspace: editsIn(mediaAt()),
    params: z.object({ id: z.string() }),
    body: { schema: ZTranscriptCorrectionsBody },
    tag: 'media',
    access: 'active',
    summary:
      "Correct words of an upload's transcript (issues 18, 32): corrections [{index, text}] (times kept), splits [{index, texts: [a, b], at_s?}] and merges [{index, count, text?}], at positions in the words as saved, applied together; detection runs again on the corrected words.",
    response: ZTranscriptCorrectionsResult,
    handle: ({ ctx, params, body }) =>
      ctx.services.transcriptReview.correct(userOf(ctx), parseInput(ZTranscriptCorrectionsRequest, { ...body, media_id: params.id })),
  }),
  route({
    method: 'post',
    path: '/api/media/{id}/rescan',
    workspace: editsIn(mediaAt()),
    params: z.object({ id: z.string() }),
    body: { schema: ZRescanRequest.omit({ media_id: true }) },
    tag: 'media',
    access: 'active',
    summary:
      'Re-scan an upload (issue 18): detection again on its stored words under the current cleanup and magic-word settings, no new transcription; counts before and after.',
    response: ZRescanResult,
    handle: ({ ctx, params, body }) =>
      ctx.services.transcriptReview.rescan(userOf(ctx), parseInput(ZRescanRequest, { ...body, media_id: params.id })),
  }),
]);
