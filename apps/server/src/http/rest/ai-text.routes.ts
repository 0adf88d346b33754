import {
  ZAiMetadataRequest,
  ZAiMetadataResponse,
  ZAiNotesResponse,
  ZAiTagsRequest,
  ZAiTagsResponse,
  ZAiTextRequest,
  ZAiTitleResponse,
} from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

const ERRORS_NOTE = ' 409 while the transcript is not ready, 429 when asked too often.';

export const aiTextRoutes = defineRoutes([
  route({
    method: 'post',
    path: '/api/ai/title',
    tag: 'ai',
    access: 'active',
    summary:
      'A title under 100 characters from the upload’s transcript (hint, transcript_path or episode_id), shaped by the instructions.' +
      ERRORS_NOTE,
    body: { schema: ZAiTextRequest },
    response: ZAiTitleResponse,
    handle: ({ ctx, body }) => ctx.services.aiText.title(userOf(ctx), body),
  }),
  route({
    method: 'post',
    path: '/api/ai/notes',
    tag: 'ai',
    access: 'active',
    summary: 'Show notes (description) of several sentences from the transcript.' + ERRORS_NOTE,
    body: { schema: ZAiTextRequest },
    response: ZAiNotesResponse,
    handle: ({ ctx, body }) => ctx.services.aiText.notes(userOf(ctx), body),
  }),
  route({
    method: 'post',
    path: '/api/ai/tags',
    tag: 'ai',
    access: 'active',
    summary:
      'Tags from the transcript with tags_always_include first: at most 20, each at most 30 characters, de-duplicated ignoring case.' +
      ERRORS_NOTE,
    body: { schema: ZAiTagsRequest },
    response: ZAiTagsResponse,
    handle: ({ ctx, body }) => ctx.services.aiText.tags(userOf(ctx), body),
  }),
  route({
    method: 'post',
    path: '/api/episodes/ai/metadata',
    tag: 'ai',
    access: 'active',
    summary: 'Title, description and tags at once for an upload (audio_filename); prompt expand, shorten, tags or free text.' + ERRORS_NOTE,
    body: { schema: ZAiMetadataRequest },
    response: ZAiMetadataResponse,
    handle: ({ ctx, body }) => ctx.services.aiText.metadata(userOf(ctx), body),
  }),
]);
