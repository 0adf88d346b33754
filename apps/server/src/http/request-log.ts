import type { MiddlewareHandler } from 'hono';
import { REQUEST_LOG } from '@ppp/contracts';
import type { Logger } from '../logger.ts';
import type { HttpEnv } from './http-env.ts';

const HEALTH_PATH = '/api/health';

/**
 * One log entry per request, with what an operator needs: request id (answered as x-request-id),
 * method, path without its query (a query can carry a token), status, milliseconds and the signed-in
 * user's id; server errors at error level. Headers are not logged: writing all of them (through
 * pino's redaction) cost more than a small answer itself (issue 38). Successful health checks are
 * sampled, one in REQUEST_LOG.healthSampleEvery.
 */
export function requestLog(logger: Logger, healthSampleEvery: number = REQUEST_LOG.healthSampleEvery): MiddlewareHandler<HttpEnv> {
  let healthChecks = 0;
  // The entry holds no header nor body, only the fields below: the logger's redaction (most of a
  // request line's cost, run over every entry) has nothing to find in it and is left out.
  const lines = logger.child({}, { redact: [] });
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const reqId = given && REQUEST_LOG.requestIdPattern.test(given) ? given : crypto.randomUUID();
    await next();
    c.res.headers.set('x-request-id', reqId);
    const status = c.res.status;
    const level = status >= 500 ? 'error' : 'info';
    if (!lines.isLevelEnabled(level)) return;
    const path = c.req.path;
    if (path === HEALTH_PATH && status < 400 && healthChecks++ % healthSampleEvery !== 0) return;
    const userId = c.get('ctx')?.actor?.id;
    lines[level](
      {
        reqId,
        req: { method: c.req.method, url: path },
        res: { status },
        responseTime: Math.round((performance.now() - started) * 10) / 10,
        ...(userId ? { userId } : {}),
      },
      'request completed',
    );
  };
}
