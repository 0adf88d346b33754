import { speechModelOperations as ops } from '../operations/speech-models.operations.ts';
import { bodyRoute, pathRoute, queryRoute } from './operation-route.ts';
import { defineRoutes } from './route.ts';

/** The admin's Speech & AI tab over REST (issue 32). */
export const speechModelRoutes = defineRoutes([
  queryRoute(ops.status, {
    method: 'get',
    path: '/api/admin/speech',
    tag: 'admin',
    summary:
      'The transcription engine in use and its model (or pocketsphinx as the offline fallback, and why), every catalogue model with its download progress (bytes, rate, ETA), size on disk and state, and the last measured realtime factor.',
  }),
  bodyRoute(ops.switchModel, {
    method: 'post',
    path: '/api/admin/speech/model',
    tag: 'admin',
    summary:
      'Switch to a catalogue model {name}: active at once when it is ready, else downloaded (resumable, checked against its pinned sha256) and then made active. 422 for a name outside the catalogue.',
  }),
  pathRoute(ops.deleteModel, {
    method: 'delete',
    path: '/api/admin/speech/model/{name}',
    tag: 'admin',
    summary: 'Delete a downloaded model (and any partial download); the active one cannot be deleted (409).',
    input: ({ name }) => ({ name }),
  }),
  bodyRoute(ops.measure, {
    method: 'post',
    path: '/api/admin/speech/measure',
    tag: 'admin',
    summary: "Measure the current engine's realtime factor on a short clip of speech on this machine, and keep it.",
  }),
]);
