import { Hono, type MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';
import { etag } from 'hono/etag';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { SharedDeps } from '../domain/services.ts';
import { SessionCache } from '../domain/auth/session-cache.ts';
import { publicIndexFor } from '../domain/landing/public-index-services.ts';
import { publicUrl, sessionCacheOn } from '../config.ts';
import { appRouter } from './trpc/app.router.ts';
import { assertBatchAllowed } from './trpc/batch-guard.ts';
import { mountKeptQueries } from './trpc/kept-queries.ts';
import { streamedFormRequest } from './trpc/form-input.ts';
import { createRequestContext, clientIpOf, type RequestContext } from './request-context.ts';
import { REST_ROUTES } from './rest/index.ts';
import { mountRestRoutes } from './rest/mount.ts';
import { mountApiFallback } from './rest/api-fallback.ts';
import { mountBillingWebhook } from './rest/billing-webhook.ts';
import { buildOpenApi } from './openapi.ts';
import { mountDocs } from './docs-page.ts';
import { mountWebApp } from './static-web.ts';
import { restErrorHandler, trpcRetryAfter } from './errors.ts';
import type { HttpEnv } from './http-env.ts';
import { createTusHandler, type TusHandler } from './tus/tus-handler.ts';
import { mountMediaFiles } from './media/media-files.ts';
import { mountFeeds } from './feeds/feed-routes.ts';
import { createLogger, type Logger } from '../logger.ts';
import { requestLog } from './request-log.ts';
import { mountSites } from './sites/site-routes.ts';
import { bodyLimits } from './body-limits.ts';
import { securityHeaders } from './security-headers.ts';

export interface AppOptions {
  orm: MikroORM;
  shared: SharedDeps;
  logger?: Logger;
}

/**
 * The client closed its connection while its request waited (for a database connection, behind
 * others, under load): nobody reads the answer, so the work is skipped. Without this, a server
 * behind on 200 connections went on building 500-episode lists for clients long gone, and its
 * memory stayed up with their garbage for minutes after the load (issue 20, bench/api-load.bench.ts).
 */
const clientGone = (req: Request) => req.signal.aborted;
/** nginx's 499 (client closed request): never read by anyone, kept apart from errors in the request log. */
const clientGoneResponse = () => new Response(null, { status: 499 });

/** Methods that change nothing; any other request may change a session or a user (see SessionCache.changedHere). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const revalidated: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.ok || c.res.status === 304) c.res.headers.set('cache-control', 'private, no-cache');
};

/**
 * Says `Vary: Accept-Encoding` on every response compress may gzip, on the response's own headers,
 * before compress looks: compress would otherwise add it through c.header(), which rebuilds a
 * finished response and copies its whole body (a 1 MB episode page, on every call).
 */
const varyOnEncoding: MiddlewareHandler = async (c, next) => {
  await next();
  const type = c.res.headers.get('content-type');
  const vary = c.res.headers.get('vary');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || vary === '*' || /accept-encoding/i.test(vary ?? '')) return;
  c.res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
};

/** The whole HTTP surface: /trpc, /api/*, the API docs and the built web app, on one Hono app. */
export function createApp({
  orm,
  shared,
  logger = createLogger('server', shared.config.LOG_LEVEL, { format: shared.config.LOG_FORMAT }),
}: AppOptions): Hono<HttpEnv> & {
  tus: TusHandler;
  sessionCache: SessionCache | null;
} {
  // Sessions looked up are kept a few seconds, forgotten on any server's change (issue 38).
  const sessionCache = sessionCacheOn(shared.config) ? new SessionCache(String(orm.config.get('clientUrl'))) : null;
  shared = { ...shared, sessionCache };
  const app = new Hono<HttpEnv>();
  app.use(async (c, next) => {
    await next();
    if (!READS.has(c.req.method)) sessionCache?.changedHere();
  });
  const log = (msg: string, err: unknown) => logger.error({ err }, msg);
  useResponseHandling(app, logger, log);
  // First: a Host that belongs to a show's site is answered by that site alone.
  mountSites(app, orm, shared);
  const tus = mountTus(app, orm, shared);
  useRequestContexts(app, orm, shared);
  mountTrpc(app, orm, shared, log);
  const openApi = buildOpenApi(REST_ROUTES, publicUrl(shared.config));
  app.get('/api/openapi.json', (c) => c.json(openApi));
  mountDocs(app);
  mountMediaFiles(app);
  mountFeeds(app);
  mountBillingWebhook(app);
  mountRestRoutes(app, REST_ROUTES);
  mountApiFallback(app, REST_ROUTES);
  mountPublicIndex(app, orm, publicUrl(shared.config));
  mountWebApp(app, shared.config.WEB_DIST_DIR);
  return Object.assign(app, { tus, sessionCache });
}

type ErrorLog = (msg: string, err: unknown) => void;

/** Request logging, error answers, security headers, body limits and compression, for every response. */
function useResponseHandling(app: Hono<HttpEnv>, logger: Logger, log: ErrorLog) {
  app.use(requestLog(logger));
  app.onError(restErrorHandler(log));
  app.use('*', securityHeaders());
  app.use('*', bodyLimits());
  // JSON, HTML, feeds and transcripts are gzipped on the way out; audio, images, ranges (206) and
  // the web app's precompressed files pass through untouched.
  app.use('*', compress({ encoding: 'gzip' }));
  app.use('*', varyOnEncoding);
}

/** /robots.txt and /sitemap.xml of the installation's own host (a site's host answered its own before this). */
function mountPublicIndex(app: Hono<HttpEnv>, orm: MikroORM, baseUrl: string) {
  const headers = (type: string) => ({ 'content-type': type, 'cache-control': 'public, max-age=300' });
  app.get('/robots.txt', (c) => c.body(publicIndexFor(orm.em.fork(), baseUrl).robots(), 200, headers('text/plain; charset=utf-8')));
  app.get('/sitemap.xml', async (c) =>
    c.body(await publicIndexFor(orm.em.fork(), baseUrl).sitemap(), 200, headers('application/xml; charset=utf-8')),
  );
}

/** tus resumable uploads (its own auth per request); the client address comes from the forwarded header when trusted. */
function mountTus(app: Hono<HttpEnv>, orm: MikroORM, shared: SharedDeps): TusHandler {
  const trustProxy = shared.config.TRUST_PROXY;
  const tus = createTusHandler(
    orm,
    shared,
    (req) => (trustProxy ? req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : null) || 'unknown',
  );
  // Hono routes HEAD as GET; the raw request keeps its method. Downloads through tus are not offered.
  app.on(['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'], ['/files', '/files/*'], (c) =>
    c.req.raw.method === 'GET' ? c.json({ detail: 'Not found', code: 'NOT_FOUND' }, 404) : tus.handle(c.req.raw, c.env?.incoming),
  );
  return tus;
}

/** The request context (the user's session and the unit of work) of media files, feeds, /api and /ab. */
function useRequestContexts(app: Hono<HttpEnv>, orm: MikroORM, shared: SharedDeps) {
  const trustProxy = shared.config.TRUST_PROXY;
  app.use('/static/media/*', async (c, next) => {
    c.set('ctx', await createRequestContext(orm, shared, c.req.raw.headers, clientIpOf(c, trustProxy)));
    await next();
  });
  app.use('/feeds/*', async (c, next) => {
    c.set('ctx', await createRequestContext(orm, shared, c.req.raw.headers, clientIpOf(c, trustProxy)));
    if (clientGone(c.req.raw)) return clientGoneResponse();
    await next();
  });
  const apiContext: MiddlewareHandler<HttpEnv> = async (c, next) => {
    c.set('ctx', await createRequestContext(orm, shared, c.req.raw.headers, clientIpOf(c, trustProxy)));
    if (clientGone(c.req.raw)) return clientGoneResponse();
    c.header('cache-control', 'no-store');
    await next();
  };
  app.use('/api/*', apiContext);
  // The /ab workspace's helper endpoints (spec 002 §7) sit beside /api.
  app.use('/ab/*', apiContext);
  // Episode History's list (up to 500 episodes) is revalidated rather than sent again: an unchanged page answers 304.
  app.use('/api/episodes', revalidated, etag());
  app.use('/api/episodes/', revalidated, etag());
  // The dashboard asks for its figures on every visit and focus: unchanged figures answer 304 (issue 38).
  app.use('/api/dashboard/stats', revalidated, etag());
}

/** tRPC at /trpc, each call with its request context; a FormData input is streamed to disk when its procedure reads it. */
function mountTrpc(app: Hono<HttpEnv>, orm: MikroORM, shared: SharedDeps, log: ErrorLog) {
  const trustProxy = shared.config.TRUST_PROXY;
  // Episode History's page sent alone as a GET is answered from the kept page (ETag, gzip, 304).
  mountKeptQueries(app, (c) => createRequestContext(orm, shared, c.req.raw.headers, clientIpOf(c, trustProxy)));
  app.all('/trpc/*', async (c) => {
    let context: Promise<RequestContext> | undefined;
    const form = streamedFormRequest(c.req.raw, c.req.path.slice('/trpc/'.length), () => context);
    try {
      return await fetchRequestHandler({
        endpoint: '/trpc',
        req: form.req,
        router: appRouter,
        createContext: ({ info }) => {
          assertBatchAllowed(info.calls.map((call) => call.path));
          context = createRequestContext(orm, shared, c.req.raw.headers, clientIpOf(c, trustProxy)).then((ctx) => {
            if (clientGone(c.req.raw)) throw new TRPCError({ code: 'CLIENT_CLOSED_REQUEST' });
            return ctx;
          });
          return context;
        },
        onError: ({ error }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') log('tRPC error', error.cause ?? error);
        },
        responseMeta: ({ errors }) => trpcRetryAfter(errors),
      });
    } finally {
      await form.cleanup();
    }
  });
}
