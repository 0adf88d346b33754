/**
 * `pnpm backup <folder>` and `pnpm restore <folder>`: the instance of this configuration (DATABASE_URL,
 * or the embedded PostgreSQL of DATA_DIR, running or not; the local folder or the S3 bucket) backed
 * up into a new folder, or a backup brought into a fresh instance (an empty database). See the
 * README's Scaling section.
 */
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from './config.ts';
import { embeddedDatabaseUrl, readEmbeddedPassword, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { storageFor } from './domain/storage/storage-for.ts';
import { backupInstance, restoreInstance } from './backup/backup.ts';

const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('Usage: pnpm backup <folder>  |  pnpm restore <folder>');
  process.exit(2);
}
const config = loadConfig();

/** The configured database, or the embedded one: used where it runs, started (and stopped after) where it does not. */
async function database(): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const dir = path.join(config.DATA_DIR, 'postgres');
  // The instance's own password, kept in its data folder (none yet: it never ran, so it is not running).
  const password = await readEmbeddedPassword(dir);
  if (password) {
    const url = embeddedDatabaseUrl(config.EMBEDDED_PG_PORT, password);
    const probe = new pg.Client({ connectionString: url });
    const running = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => undefined);
    if (running) return { url, embedded: null };
  }
  const embedded = await startEmbeddedPostgres({ dir, port: config.EMBEDDED_PG_PORT });
  return { url: embedded.url, embedded };
}

const { url, embedded } = await database();
const instance = {
  databaseUrl: url,
  storage: storageFor(config),
  secretKeyFile: config.SECRET_KEY ? null : path.join(config.DATA_DIR, 'secret.key'),
};
const target = path.resolve(folder);
try {
  const manifest =
    command === 'backup'
      ? await backupInstance(instance, target, (line) => console.log(line))
      : await restoreInstance(instance, target, (line) => console.log(line));
  console.log(
    `${command === 'backup' ? 'backed up into' : 'restored from'} ${target} (${manifest.files.length} files, ${manifest.tables.length} tables)`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
