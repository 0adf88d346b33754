import type { Hono } from 'hono';
import type { HttpEnv } from '../http-env.ts';
import { serveStored } from './serve-stored.ts';

/**
 * The two ways stored media leave the server: a signed, short-lived URL for the owner's audio
 * elements (GET /api/media/preview hands it out), and public cover images by their unguessable name.
 */
export function mountMediaFiles(app: Hono<HttpEnv>): void {
  app.on(['GET', 'HEAD'], '/api/media/file/:id', async (c) => {
    const { services } = c.get('ctx');
    const item = await services.media.resolveSigned(c.req.param('id'), Number(c.req.query('expires')), c.req.query('sig') ?? '');
    return serveStored(c, services.storage, {
      key: item.storageKey,
      contentType: item.contentType,
      cacheControl: 'private, max-age=3600',
      downloadName: item.originalName,
    });
  });
  app.on(['GET', 'HEAD'], '/static/media/:file', async (c) => {
    const { services } = c.get('ctx');
    const item = await services.media.coverByFilename(c.req.param('file'));
    return serveStored(c, services.storage, { key: item.storageKey, contentType: item.contentType, cacheControl: 'public, max-age=86400' });
  });
}
