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

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Listens on config.PORT (0 picks a free port) and serves the whole app. */
export function startHttpServer(
  orm: MikroORM,
  config: TConfig,
  logger: Logger = createLogger('server', config.LOG_LEVEL, { format: config.LOG_FORMAT }),
): Promise<RunningServer> {
  const shared = sharedDepsFor(config);
  const app = createApp({ orm, shared, logger });
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }).then(async () => {
            await app.tus.close();
            await shared.jobs.close();
          }),
      });
    });
  });
}
