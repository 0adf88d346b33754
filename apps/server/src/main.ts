/** The server process: applies migrations, serves HTTP until SIGTERM/SIGINT. */
import { loadConfig } from './config.ts';
import { openOrm, migrate } from './db/orm.ts';
import { sharedDepsFor, startHttpServer } from './server.ts';
import { seedBuiltinMusic } from './domain/music/music-seed.ts';
import { MusicRepository } from './domain/music/music.repository.ts';
import { createLogger } from './logger.ts';
import { createSpeechModelServices } from './domain/speech-models/speech-models-services.ts';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required (npm start sets it for the embedded database).');
const log = createLogger('server', config.LOG_LEVEL, { format: config.LOG_FORMAT });
const orm = await openOrm(config.DATABASE_URL, { poolMax: config.DB_POOL_MAX });
await migrate(orm);
const server = await startHttpServer(orm, config, log);
log.info(`listening on http://localhost:${server.port}`);
// The built-in music beds are rendered once, in the background: a fresh instance serves at once.
seedBuiltinMusic({
  music: () => new MusicRepository(orm.em.fork()),
  storage: sharedDepsFor(config).storage,
  cacheDir: config.MUSIC_BED_CACHE_DIR,
  log: (msg) => log.info(msg),
}).catch((error: unknown) => log.error({ err: error }, 'music: seeding the built-in beds failed'));
// The whisper.cpp model (issue 32): checked, and downloaded in the background when missing and WHISPER_AUTO_DOWNLOAD allows.
createSpeechModelServices(orm.em.fork(), config, { log: (msg) => log.info(msg) })
  .speechModels.provisionOnStart()
  .catch((error: unknown) => log.error({ err: error }, 'speech model: provisioning failed'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: closing`);
  await server.close();
  await orm.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
