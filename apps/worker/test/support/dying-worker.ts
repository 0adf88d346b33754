/**
 * A worker process for tests that need one to die for real: it hangs right after a publish's upload
 * reached the host (before the id is recorded) and says so on stdout, so the test can SIGKILL it at
 * the worst moment. Configured by the environment, like the real worker.
 */
import { loadConfig } from '@ppp/server/config';
import { openOrm } from '@ppp/server/db';
import { outboxOnlyTransport, publishTestHooks } from '@ppp/server/domain';
import { startWorker } from '../../src/worker.ts';

const config = loadConfig();
const databaseUrl = config.DATABASE_URL ?? '';
const orm = await openOrm(databaseUrl, { poolMax: 4 });
publishTestHooks.afterUpload = (episodeId) => {
  process.stdout.write(`uploaded ${episodeId}\n`);
  return new Promise<void>(() => undefined);
};
await startWorker({ orm, shared: { config, mailTransport: outboxOnlyTransport }, databaseUrl, concurrency: 1, log: () => undefined });
process.stdout.write('ready\n');
