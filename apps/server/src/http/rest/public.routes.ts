import { HEALTH_MESSAGES, HEALTH_PROBE_CACHE_MS, ZHealth, ZOkResponse, ZPublicConfig, ZWaitlistRequest } from '@ppp/contracts';
import { defineRoutes, route, OK } from './route.ts';
import { HealthService } from '../../domain/health/health.service.ts';
import { HealthRepository } from '../../domain/health/health.repository.ts';
import { createLogger, type Logger } from '../../logger.ts';
import type { TConfig } from '../../config.ts';

let healthLogger: Logger | null = null;
/** The health check's WARN lines (a storage outage, with its cause), on one logger per process. */
function warnOnce(config: TConfig): (msg: string) => void {
  healthLogger ??= createLogger('health', config.LOG_LEVEL, { format: config.LOG_FORMAT });
  const logger = healthLogger;
  return (msg) => logger.warn(msg);
}

export const publicRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/health',
    tag: 'public',
    access: 'public',
    summary:
      'Liveness: database, storage and job queue, each ok or unavailable; 503 (with Retry-After) when the database or storage is down.',
    response: ZHealth,
    handle: async ({ ctx, c }) => {
      const health = await new HealthService({
        repo: new HealthRepository(ctx.services.em),
        storage: ctx.services.storage,
        warn: warnOnce(ctx.services.config),
      }).check();
      if (health.status === 'ok') return health;
      // An error answer as every 503 is ({detail, code}), with each dependency's state beside it.
      const detail = health.database === 'ok' ? HEALTH_MESSAGES.storageUnavailable : HEALTH_MESSAGES.databaseUnavailable;
      return c.json({ detail, code: 'STORAGE_UNAVAILABLE', ...health }, 503, { 'retry-after': String(HEALTH_PROBE_CACHE_MS / 1000) });
    },
  }),
  route({
    method: 'get',
    path: '/api/public/config',
    tag: 'public',
    access: 'public',
    summary: 'Instance facts a visitor needs: upload limit, maintenance, sign-in options.',
    response: ZPublicConfig,
    handle: ({ ctx }) => ctx.services.publicConfig.get(),
  }),
  route({
    method: 'post',
    path: '/api/public/waitlist',
    tag: 'public',
    access: 'public',
    summary: 'Request access (closed alpha); the bearer token is optional.',
    body: { schema: ZWaitlistRequest },
    response: ZOkResponse,
    handle: async ({ ctx, body }) => (await ctx.services.waitlist.request(body, ctx.user, ctx.clientIp), OK),
  }),
]);
