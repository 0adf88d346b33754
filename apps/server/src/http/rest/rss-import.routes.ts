import { rssImportOperations as ops } from '../operations/rss-import.operations.ts';
import { bodyRoute, pathRoute } from './operation-route.ts';
import { defineRoutes } from './route.ts';

/** Import from RSS (spec 001 §7 'Shows'); the import itself runs as the rss.import job. */
export const rssImportRoutes = defineRoutes([
  bodyRoute(ops.preview, {
    method: 'post',
    path: '/api/import/rss/preview',
    tag: 'import',
    summary: 'Preview a feed: the show and its newest five episodes.',
  }),
  bodyRoute(ops.start, {
    method: 'post',
    path: '/api/import/rss',
    tag: 'import',
    summary:
      'Import a show from its RSS feed. The feed is fetched and checked now (a bad one answers 4xx with the reason and writes nothing); the episodes are written by a job, so the counts grow until status is done (poll GET /api/import/rss/{id}).',
  }),
  pathRoute(ops.status, {
    method: 'get',
    path: '/api/import/rss/{id}',
    tag: 'import',
    summary: 'Progress of an import: episodes written, audio mirrored, or the reason it failed.',
    input: ({ id }) => ({ import_id: id }),
  }),
  pathRoute(ops.recoverFromSpreaker, {
    method: 'post',
    path: '/api/podcasts/{id}/recover-from-spreaker',
    tag: 'import',
    summary: 'Add the episodes of the linked Spreaker show that its RSS feed did not list.',
    input: ({ id }) => ({ podcast_id: id }),
  }),
]);
