/**
 * The one-command launcher behind `npm start`: PostgreSQL (embedded unless DATABASE_URL is set),
 * migrations, then the server and the worker as supervised child processes. Ctrl-C or SIGTERM asks
 * both to stop (the server lets running requests finish, the worker its running jobs, each within its
 * grace) and stops PostgreSQL only once both have exited; a child still running past every deadline
 * is killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig, REPO_ROOT, shutdownKillAfterMs } from './config.ts';
import { openOrm, migrate } from './db/orm.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { reportSystemTools } from './system-tools.ts';
import { SERVER_NODE_FLAGS } from './idle-memory.ts';
import { createLogger } from './logger.ts';

const config = loadConfig();
const logger = createLogger('launch', config.LOG_LEVEL, { format: config.LOG_FORMAT });
const log = (msg: string) => logger.info(msg);

let embedded: EmbeddedDatabase | null = null;
let databaseUrl = config.DATABASE_URL;
if (!databaseUrl) {
  const dir = path.join(config.DATA_DIR, 'postgres');
  log(`starting embedded PostgreSQL (data in ${dir}, port ${config.EMBEDDED_PG_PORT})`);
  try {
    embedded = await startEmbeddedPostgres({
      dir,
      port: config.EMBEDDED_PG_PORT,
      throwaway: config.EMBEDDED_PG_THROWAWAY,
      log: () => undefined,
    });
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  databaseUrl = embedded.url;
}

const orm = await openOrm(databaseUrl, { poolMax: 2 });
const applied = await migrate(orm);
await orm.close();
log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema up to date');
reportSystemTools(log);

interface Supervised {
  name: string;
  script: string;
  /** Node flags before the script. */
  flags: readonly string[];
  child: ChildProcess | null;
  restarts: number;
}
const children: Supervised[] = [
  { name: 'server', script: path.join(REPO_ROOT, 'apps/server/src/main.ts'), flags: SERVER_NODE_FLAGS, child: null, restarts: 0 },
];
if (config.RUN_WORKER) {
  children.push({ name: 'worker', script: path.join(REPO_ROOT, 'apps/worker/src/main.ts'), flags: [], child: null, restarts: 0 });
}

let stopping = false;
function start(proc: Supervised) {
  const child = spawn(process.execPath, [...proc.flags, proc.script], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
  proc.child = child;
  child.on('exit', (code, signal) => {
    proc.child = null;
    if (stopping) return;
    proc.restarts += 1;
    const delay = Math.min(30_000, 500 * 2 ** Math.min(proc.restarts, 6));
    log(`${proc.name} exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => !stopping && start(proc), delay);
  });
}
children.forEach(start);
log(`Podcast Plus Plus is starting on http://localhost:${config.PORT} (Ctrl-C to stop)`);

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  const killAfter = shutdownKillAfterMs(config);
  await Promise.all(
    children.map(
      (proc) =>
        new Promise<void>((resolve) => {
          const child = proc.child;
          if (!child) return resolve();
          const kill = setTimeout(() => {
            log(`${proc.name} still running after ${killAfter} ms; killing it`);
            child.kill('SIGKILL');
          }, killAfter);
          child.once('exit', (code, exitSignal) => {
            clearTimeout(kill);
            log(`${proc.name} stopped (${exitSignal ?? code})`);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  if (embedded) {
    log('stopping PostgreSQL');
    await embedded.stop();
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
