import { ZRetranscribeBody } from '@ppp/contracts';
import { retranscribeOperations as ops } from '../operations/retranscribe.operations.ts';
import { pathRoute } from './operation-route.ts';
import { defineRoutes } from './route.ts';

const REFUSALS =
  '404 for an unknown or another user’s upload, 425 while it is transcribed, 409 when no better engine than the one that made it is ' +
  'available (the answer names the engine that would be used), when it failed or came with its own transcript, or when corrected words ' +
  'would be lost without discard_corrections; 429 past RETRANSCRIBE.maxPerUpload re-transcriptions. Free: transcription costs no processing minutes.';

/** Issue 32: re-transcription with the engine in use now (creators), and of every fallback upload (admins). */
export const retranscribeRoutes = defineRoutes([
  pathRoute(ops.engineNow, {
    method: 'get',
    path: '/api/transcription/engine',
    tag: 'media',
    summary:
      'The engine (and model) a transcription started now would use; fallback is true for the offline recogniser; null when none can run.',
    input: () => ({}),
  }),
  pathRoute(ops.retranscribe, {
    method: 'post',
    path: '/api/media/{id}/retranscribe',
    tag: 'media',
    summary: `Transcribes an upload again with the engine in use now and re-runs detection; the upload shows Processing until the new words replace the old. ${REFUSALS}`,
    body: { schema: ZRetranscribeBody },
    input: ({ id }, body) => ({ media_id: id, discard_corrections: body.discard_corrections }),
  }),
  pathRoute(ops.retranscribeEpisode, {
    method: 'post',
    path: '/api/episodes/{id}/retranscribe',
    tag: 'episodes',
    summary: `Re-transcribes the content upload an episode was made from, as POST /api/media/{id}/retranscribe. ${REFUSALS}`,
    body: { schema: ZRetranscribeBody },
    input: ({ id }, body) => ({ episode_id: id, discard_corrections: body.discard_corrections }),
  }),
  pathRoute(ops.fallbackState, {
    method: 'get',
    path: '/api/admin/retranscribe-fallback',
    tag: 'admin',
    summary:
      'The engine in use now, how many uploads the offline fallback transcribed, and the latest re-transcription run with its progress.',
    input: () => ({}),
  }),
  pathRoute(ops.fallbackStart, {
    method: 'post',
    path: '/api/admin/retranscribe-fallback',
    tag: 'admin',
    summary:
      'Queues one job that re-transcribes every upload the offline fallback transcribed, one at a time behind creators’ own jobs, resumable. ' +
      '409 while a run is going, when the engine in use now is the fallback (or none), or when there is no such upload.',
    input: () => ({}),
  }),
]);
