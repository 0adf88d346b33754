import { ZRecoverFromSpreakerResult, ZRssImportRequest, ZRssImportResult, ZRssPreview, ZRssPreviewRequest } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

/** Import from RSS (spec 001 §7 'Shows'); the import itself runs as the rss.import job. */
export const rssImportRoutes = defineRoutes([
  route({
    method: 'post',
    path: '/api/import/rss/preview',
    tag: 'import',
    access: 'active',
    summary: 'Preview a feed: the show and its newest five episodes.',
    body: { schema: ZRssPreviewRequest },
    response: ZRssPreview,
    handle: ({ ctx, body }) => ctx.services.rssImport.preview(userOf(ctx), body),
  }),
  route({
    method: 'post',
    path: '/api/import/rss',
    tag: 'import',
    access: 'active',
    summary:
      'Import a show from its RSS feed. The feed is fetched and checked now (a bad one answers 4xx with the reason and writes nothing); the episodes are written by a job, so the counts grow until status is done (poll GET /api/import/rss/{id}).',
    body: { schema: ZRssImportRequest },
    response: ZRssImportResult,
    handle: ({ ctx, body }) => ctx.services.rssImport.start(userOf(ctx), body),
  }),
  route({
    method: 'get',
    path: '/api/import/rss/{id}',
    tag: 'import',
    access: 'active',
    summary: 'Progress of an import: episodes written, audio mirrored, or the reason it failed.',
    response: ZRssImportResult,
    handle: ({ ctx, params }) => ctx.services.rssImport.get(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/podcasts/{id}/recover-from-spreaker',
    tag: 'import',
    access: 'active',
    summary: 'Add the episodes of the linked Spreaker show that its RSS feed did not list.',
    response: ZRecoverFromSpreakerResult,
    handle: ({ ctx, params }) => ctx.services.rssImport.recoverFromSpreaker(userOf(ctx), params.id),
  }),
]);
