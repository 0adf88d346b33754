/** The worker process: consumes jobs until SIGTERM/SIGINT, then drains and exits. */
import { loadConfig } from '@ppp/server/config';
import { createLogger } from '@ppp/server/logger';
import { openOrm } from '@ppp/server/db';
import { outboxOnlyTransport, smtpTransport } from '@ppp/server/domain';
import { startWorker } from './worker.ts';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required (npm start sets it for the embedded database).');
const logger = createLogger('worker', config.LOG_LEVEL, { format: config.LOG_FORMAT });
const log = (msg: string) => logger.info(msg);
const orm = await openOrm(config.DATABASE_URL, { poolMax: config.WORKER_CONCURRENCY + 2 });
const mailTransport = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : outboxOnlyTransport;
const worker = await startWorker({
  orm,
  shared: { config, mailTransport },
  databaseUrl: config.DATABASE_URL,
  concurrency: config.WORKER_CONCURRENCY,
  log,
  warn: (msg) => logger.warn(msg),
});
log('ready');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: draining jobs`);
  await worker.stop();
  await orm.close();
  log('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
