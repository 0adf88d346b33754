/**
 * Creates the next migration from the difference between the entities and the migrated schema.
 * Starts a throwaway embedded PostgreSQL, applies existing migrations, diffs, writes the file.
 */
import { openOrm, migrate, MIGRATIONS_DIR } from './orm.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logger.ts';

const log = createLogger('migration', 'info');

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ppp-migrate-'));
await fs.chmod(dir, 0o777);
const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 54400 + Math.floor(Math.random() * 500), persistent: false });
const orm = await openOrm(db.url);
try {
  await migrate(orm);
  const result = await orm.migrator.create(MIGRATIONS_DIR, false, false, process.argv[2]);
  if (!result.fileName) log.info('No schema changes.');
  else log.info(`Wrote ${result.fileName}; add it to src/db/migrations/index.ts`);
} finally {
  await orm.close();
  await db.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
