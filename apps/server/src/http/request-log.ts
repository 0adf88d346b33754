import type { MiddlewareHandler } from 'hono';
import { pinoLogger } from 'hono-pino';
import type { Logger } from '../logger.ts';

/**
 * One log entry per request (hono-pino): method, path without its query (a query can carry a token),
 * headers (credentials redacted by the logger), status and time; server errors at error level.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return pinoLogger({
    pino: logger,
    http: {
      reqId: () => crypto.randomUUID(),
      onReqBindings: (c) => ({ req: { method: c.req.method, url: c.req.path, headers: c.req.header() } }),
      onResBindings: (c) => ({ res: { status: c.res.status } }),
      onResLevel: (c) => (c.res.status >= 500 ? 'error' : 'info'),
    },
  });
}
