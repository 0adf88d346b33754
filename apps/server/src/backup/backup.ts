import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { openOrm, migrate } from '../db/orm.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { LocalStorage } from '../domain/storage/local-storage.ts';
import type { StoragePort } from '../domain/storage/storage.ts';
import { copyObject, copyStorage } from './copy-storage.ts';
import { dumpTables, restoreTables } from './database-snapshot.ts';
import { dumpWaitingJobs, restoreWaitingJobs } from './job-snapshot.ts';

const MANIFEST = 'manifest.json';
const SECRET_KEY_FILE = 'secret.key';

export const ZBackupManifest = z.object({
  format: z.literal(1),
  created_at: z.string(),
  /** The migrations the database had, in order: a restore migrates to exactly this point before writing rows. */
  migrations: z.array(z.string()),
  tables: z.array(z.object({ table: z.string(), rows: z.number() })),
  jobs: z.number(),
  files: z.array(z.object({ key: z.string(), size: z.number(), sha256: z.string() })),
  /** Whether DATA_DIR/secret.key (the key of users' stored API keys when SECRET_KEY is unset) is in the backup. */
  secret_key_file: z.boolean(),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;

export interface Instance {
  databaseUrl: string;
  storage: StoragePort;
  /** DATA_DIR, where secret.key lives when SECRET_KEY is unset (null when SECRET_KEY is set). */
  secretKeyFile: string | null;
}

async function assertEmptyFolder(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => []);
  if (entries.length) throw new Error(`${dir} is not empty: a backup goes into a new folder`);
  await mkdir(dir, { recursive: true });
}

/**
 * Backs up an instance into an empty folder: the database as one snapshot (every table of the
 * public schema with its migrations state, and the jobs still to run), then every stored file with
 * its size and SHA-256, the secret key file when there is one, and manifest.json last, so a folder
 * with a manifest holds a complete backup. Files stored after the snapshot may be in it too; their
 * rows are not.
 */
export async function backupInstance(
  instance: Instance,
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<TBackupManifest> {
  await assertEmptyFolder(dir);
  const client = new pg.Client({ connectionString: instance.databaseUrl });
  await client.connect();
  let migrations: string[];
  let tables: TBackupManifest['tables'];
  let jobs: number;
  try {
    await client.query('begin isolation level repeatable read read only');
    migrations = (await client.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map((r) => r.name);
    tables = await dumpTables(client, path.join(dir, 'database'));
    jobs = await dumpWaitingJobs(client, path.join(dir, 'jobs.json'));
    await client.query('commit');
  } finally {
    await client.end();
  }
  log(`database: ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows, ${jobs} jobs to run`);
  const { copied } = await copyStorage(instance.storage, new LocalStorage(path.join(dir, 'storage')), { force: true });
  const files = copied.map((f) => ({ key: f.key, size: f.size, sha256: f.sha256 ?? '' }));
  log(`storage: ${files.length} files, ${files.reduce((n, f) => n + f.size, 0)} bytes`);
  const secretKeyFile = instance.secretKeyFile !== null && existsSync(instance.secretKeyFile);
  if (secretKeyFile) await copyFile(instance.secretKeyFile!, path.join(dir, SECRET_KEY_FILE));
  const manifest: TBackupManifest = {
    format: 1,
    created_at: new Date().toISOString(),
    migrations,
    tables,
    jobs,
    files,
    secret_key_file: secretKeyFile,
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(dir: string): Promise<TBackupManifest> {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir} has no ${MANIFEST}: not a complete backup`);
  return ZBackupManifest.parse(JSON.parse(await readFile(file, 'utf8')));
}

async function assertFreshDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const users = await client.query(`select 1 from information_schema.tables where table_schema = 'public' and table_name = 'users'`);
    if (users.rowCount && (await client.query('select 1 from users limit 1')).rowCount)
      throw new Error('The database already has accounts: restore goes into a fresh instance (an empty database)');
  } finally {
    await client.end();
  }
}

/** Where the backup's secret.key goes (null: nowhere); a different key already there stops the restore before it starts. */
async function secretKeyToRestore(instance: Instance, dir: string, manifest: TBackupManifest): Promise<string | null> {
  if (!manifest.secret_key_file || !instance.secretKeyFile) return null;
  if (!existsSync(instance.secretKeyFile)) return instance.secretKeyFile;
  const [mine, theirs] = await Promise.all([readFile(instance.secretKeyFile), readFile(path.join(dir, SECRET_KEY_FILE))]);
  if (!mine.equals(theirs)) throw new Error(`${instance.secretKeyFile} differs from the backup's: move it away and restore again`);
  return null;
}

/**
 * Brings a backup into a fresh instance: migrates the empty database to the backup's migrations,
 * writes its rows, applies the migrations added since, queues its waiting jobs again, and copies
 * every file into the instance's storage checking size and SHA-256 against the manifest.
 */
export async function restoreInstance(
  instance: Instance,
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<TBackupManifest> {
  const manifest = await readManifest(dir);
  const known = MIGRATIONS.map((m) => m.name);
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new Error(
      `The backup has migrations this version does not know (${unknown.join(', ')}): restore it with the version that made it or a newer one`,
    );
  await assertFreshDatabase(instance.databaseUrl);
  const restoreKey = await secretKeyToRestore(instance, dir, manifest);

  const orm = await openOrm(instance.databaseUrl, { poolMax: 2 });
  try {
    const last = manifest.migrations.at(-1);
    if (last) await orm.migrator.up({ to: last });
    const client = new pg.Client({ connectionString: instance.databaseUrl });
    await client.connect();
    try {
      await restoreTables(client, path.join(dir, 'database'), manifest.tables);
    } finally {
      await client.end();
    }
    const later = await migrate(orm);
    log(
      `database: ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows restored${later.length ? `, then migrated: ${later.join(', ')}` : ''}`,
    );
  } finally {
    await orm.close();
  }
  const jobs = await restoreWaitingJobs(instance.databaseUrl, path.join(dir, 'jobs.json'));
  log(`jobs: ${jobs} queued again`);

  const backup = new LocalStorage(path.join(dir, 'storage'));
  for (const file of manifest.files) {
    await copyObject(backup, instance.storage, { key: file.key, size: file.size, modifiedAt: new Date() }, file.sha256);
  }
  log(`storage: ${manifest.files.length} files restored and checked`);

  if (restoreKey) {
    await mkdir(path.dirname(restoreKey), { recursive: true });
    await copyFile(path.join(dir, SECRET_KEY_FILE), restoreKey);
  }
  return manifest;
}
