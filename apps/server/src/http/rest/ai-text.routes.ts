import { aiTextOperations as ai } from '../operations/ai-text.operations.ts';
import { bodyRoute } from './operation-route.ts';
import { defineRoutes } from './route.ts';

const ERRORS_NOTE = ' 409 while the transcript is not ready, 429 when asked too often.';

export const aiTextRoutes = defineRoutes([
  bodyRoute(ai.title, {
    method: 'post',
    path: '/api/ai/title',
    tag: 'ai',
    summary:
      'A title under 100 characters from the upload’s transcript (hint, transcript_path or episode_id), shaped by the instructions.' +
      ERRORS_NOTE,
  }),
  bodyRoute(ai.notes, {
    method: 'post',
    path: '/api/ai/notes',
    tag: 'ai',
    summary: 'Show notes (description) of several sentences from the transcript.' + ERRORS_NOTE,
  }),
  bodyRoute(ai.tags, {
    method: 'post',
    path: '/api/ai/tags',
    tag: 'ai',
    summary:
      'Tags from the transcript with tags_always_include first: at most 20, each at most 30 characters, de-duplicated ignoring case.' +
      ERRORS_NOTE,
  }),
  bodyRoute(ai.metadata, {
    method: 'post',
    path: '/api/episodes/ai/metadata',
    tag: 'ai',
    summary: 'Title, description and tags at once for an upload (audio_filename); prompt expand, shorten, tags or free text.' + ERRORS_NOTE,
  }),
]);
