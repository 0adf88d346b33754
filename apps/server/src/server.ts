import { serve, type ServerType } from '@hono/node-server';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TConfig } from './config.ts';
import { createApp } from './http/app.ts';
import { outboxOnlyTransport, smtpTransport } from './domain/mail/mail-transport.ts';
import type { SharedDeps } from './domain/services.ts';
import { createLogger, type Logger } from './logger.ts';
import { storageFor } from './domain/storage/storage-for.ts';
import { noJobQueue, PgBossJobQueue } from './domain/jobs/job-queue.ts';
import { paymentsGatewayFor } from './domain/billing/stripe-gateway.ts';
import { collectWhenQuiet } from './idle-memory.ts';

/** The adapters of one process. Jobs go through pg-boss on DATABASE_URL (started on first send). */
export function sharedDepsFor(config: TConfig, overrides: Partial<SharedDeps> = {}): SharedDeps {
  return {
    config,
    mailTransport: config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : outboxOnlyTransport,
    storage: storageFor(config),
    jobs: config.DATABASE_URL ? new PgBossJobQueue({ connectionString: config.DATABASE_URL }) : noJobQueue,
    payments: paymentsGatewayFor(config),
    ...overrides,
  };
}

/**
 * How long an idle keep-alive connection stays open: longer than the 60 s idle timeout of common load
 * balancers and proxies (which must close first, or they send a request onto a socket being closed
 * and answer 502), and long enough that a client whose event loop was busy for a few seconds does
 * not write onto a connection this side just closed (EPIPE, ECONNRESET). Node's default is 5 s.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Listens on config.PORT (0 picks a free port) and serves the whole app. */
export function startHttpServer(
  orm: MikroORM,
  config: TConfig,
  logger: Logger = createLogger('server', config.LOG_LEVEL, { format: config.LOG_FORMAT }),
  overrides: Partial<SharedDeps> = {},
): Promise<RunningServer> {
  const shared = sharedDepsFor(config, overrides);
  const app = createApp({ orm, shared, logger });
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
      const stopCollecting = collectWhenQuiet(server);
      if ('keepAliveTimeout' in server) {
        server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
        // A request's headers may take as long to arrive on a reused connection (Node requires it above the keep-alive).
        server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
      }
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            // New connections are refused; idle ones close now, busy ones once their response is out
            // (kept alive, they would linger 65 s); whatever is still open after HTTP_CLOSE_GRACE_MS is cut.
            const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 100);
            const cut = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), config.HTTP_CLOSE_GRACE_MS);
            stopCollecting();
            server.close(() => {
              clearInterval(sweep);
              clearTimeout(cut);
              done();
            });
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }).then(async () => {
            await app.tus.close();
            await app.sessionCache?.close();
            await shared.jobs.close();
          }),
      });
    });
  });
}
