import type { Hono, Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../domain/errors.ts';
import { CHAPTERS_MIME_TYPE } from '../../domain/publishing/feed/index.ts';
import { FEED_CONTENT_TYPE, audioTypeOf, extensionOf } from '../../domain/publishing/feed.service.ts';
import type { HttpEnv } from '../http-env.ts';
import { etagMatches } from '../conditional.ts';
import { serveStored } from '../media/serve-stored.ts';
import { sendKept } from '../kept-body.ts';

const PUBLIC_CACHE = 'public, max-age=300';
/** The feed itself is kept only a minute (revalidated by ETag), so a newly published episode shows at once. */
const FEED_CACHE = 'public, max-age=60';
const UNTRUSTED_FILE_HEADERS = { 'content-security-policy': "sandbox; default-src 'none'", 'x-content-type-options': 'nosniff' };
const notFound = () => new AppError('NOT_FOUND', 'Not found');

function imageType(key: string): string {
  return extensionOf(key) === 'png' ? 'image/png' : 'image/jpeg';
}

/** 304 when the client's validators match (If-None-Match wins over If-Modified-Since, RFC 9110 §13.2.2). */
function notModified(c: Context, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return Number.isFinite(since) && lastModified.getTime() <= since;
}

/** The show's RSS feed, revalidated by ETag and Last-Modified. */
async function serveFeed(c: Context<HttpEnv, '/feeds/:file'>): Promise<Response> {
  const file = c.req.param('file');
  if (!file.endsWith('.xml')) throw notFound();
  const feed = await c.get('ctx').services.feeds.render(file.slice(0, -'.xml'.length));
  const headers = { 'content-type': FEED_CONTENT_TYPE, 'last-modified': feed.lastModified.toUTCString(), 'cache-control': FEED_CACHE };
  if (notModified(c, feed.etag, feed.lastModified)) return c.body(null, 304, { ...headers, etag: feed.etag });
  // A kept feed's gzip is made once, not for every podcast app that asks.
  return sendKept(c, { owner: feed, body: feed.xml, etag: feed.etag, headers });
}

/** The show's cover. */
async function serveShowCover(c: Context<HttpEnv, '/feeds/:podcastId/:file'>): Promise<Response> {
  if (!/^cover\.(jpg|png)$/.test(c.req.param('file'))) throw notFound();
  const { services } = c.get('ctx');
  const podcast = await services.podcasts.getPublic(c.req.param('podcastId'));
  if (!podcast.coverStorageKey) throw notFound();
  return serveStored(c, services.storage, {
    key: podcast.coverStorageKey,
    contentType: imageType(podcast.coverStorageKey),
    cacheControl: 'public, max-age=86400',
  });
}

/** An episode's enclosure (byte ranges, ETag, exact length); a download is counted for each 200 or 206. */
async function serveEnclosure(c: Context<HttpEnv, '/feeds/:podcastId/episodes/:file'>): Promise<Response> {
  const { services, clientIp } = c.get('ctx');
  const [episodeId = '', extension = ''] = c.req.param('file').split('.');
  const episode = await services.feeds.publicEpisode(c.req.param('podcastId'), episodeId);
  if (!episode.finalAudioKey || extensionOf(episode.finalAudioKey) !== extension) throw notFound();
  const response = await serveStored(c, services.storage, {
    key: episode.finalAudioKey,
    contentType: audioTypeOf(episode.finalAudioKey),
    cacheControl: PUBLIC_CACHE,
  });
  if (response.status === 200 || response.status === 206) {
    const size = (await services.storage.stat(episode.finalAudioKey))?.size ?? 0;
    await services.downloads.record(
      { id: episode.id, durationMs: episode.durationMs ?? null, podcast: { id: c.req.param('podcastId') } },
      {
        method: c.req.method,
        range: c.req.header('range') ?? null,
        ip: clientIp,
        userAgent: c.req.header('user-agent') ?? null,
        fileSize: size,
        now: new Date(),
      },
    );
  }
  return response;
}

/** An episode's transcripts (ours and copies of another host's), chapters and cover. */
async function serveEpisodeFile(c: Context<HttpEnv, '/feeds/:podcastId/episodes/:episodeId/:file'>): Promise<Response> {
  const { services } = c.get('ctx');
  const episode = await services.feeds.publicEpisode(c.req.param('podcastId'), c.req.param('episodeId'));
  const file = c.req.param('file');
  const headers = { 'cache-control': PUBLIC_CACHE, 'access-control-allow-origin': '*' };
  if (file === 'transcript.vtt')
    return c.body(await services.feeds.transcriptFile(episode, 'vtt'), 200, { ...headers, 'content-type': 'text/vtt; charset=utf-8' });
  if (file === 'transcript.srt')
    return c.body(await services.feeds.transcriptFile(episode, 'srt'), 200, {
      ...headers,
      'content-type': 'application/x-subrip; charset=utf-8',
    });
  if (file === 'transcript.json')
    return c.body(await services.feeds.transcriptFile(episode, 'json'), 200, { ...headers, 'content-type': 'application/json' });
  if (file === 'chapters.json') {
    const podcast = await services.podcasts.getPublic(c.req.param('podcastId'));
    return c.body(await services.feeds.chaptersFile(podcast, episode), 200, { ...headers, 'content-type': CHAPTERS_MIME_TYPE });
  }
  if (/^transcript-\d+\.[a-z]+$/.test(file)) {
    const copy = services.feeds.transcriptCopy(episode, file);
    const response = await serveStored(c, services.storage, { ...copy, cacheControl: PUBLIC_CACHE });
    // A copy is another host's file served from ours: never run as a page here (an HTML transcript's scripts).
    for (const [name, value] of Object.entries({ ...headers, ...UNTRUSTED_FILE_HEADERS })) response.headers.set(name, value);
    return response;
  }
  if (/^cover\.(jpg|png)$/.test(file) && episode.coverStorageKey) {
    return serveStored(c, services.storage, {
      key: episode.coverStorageKey,
      contentType: imageType(episode.coverStorageKey),
      cacheControl: 'public, max-age=86400',
    });
  }
  throw notFound();
}

/** Browser players read feeds and enclosures straight from here (issue 36): any origin, lengths and ranges readable. */
const PUBLIC_CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Content-Length, Content-Range, Accept-Ranges',
};

const publicCors: MiddlewareHandler<HttpEnv> = async (c, next) => {
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      ...PUBLIC_CORS,
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'Range, If-None-Match, If-Modified-Since',
      'access-control-max-age': '86400',
    });
  }
  await next();
  for (const [name, value] of Object.entries(PUBLIC_CORS)) c.res.headers.set(name, value);
};

/**
 * The built-in host's public surface under /feeds: the show's RSS feed, its cover, and per episode
 * the enclosure (byte ranges, ETag, exact length; downloads counted), transcripts, chapters and art.
 */
export function mountFeeds(app: Hono<HttpEnv>): void {
  app.use('/feeds/*', publicCors);
  app.on(['GET', 'HEAD'], '/feeds/:file', serveFeed);
  app.on(['GET', 'HEAD'], '/feeds/:podcastId/:file', serveShowCover);
  app.on(['GET', 'HEAD'], '/feeds/:podcastId/episodes/:file', serveEnclosure);
  app.on(['GET', 'HEAD'], '/feeds/:podcastId/episodes/:episodeId/:file', serveEpisodeFile);
}
