/**
 * One throwaway instance for a benchmark: an embedded PostgreSQL in a temporary folder, migrations,
 * and the real HTTP server on a free port of 127.0.0.1 (NODE_ENV production). close() removes it all.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../src/config.ts';
import { openOrm, migrate } from '../../src/db/orm.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { startHttpServer } from '../../src/server.ts';

export interface BenchInstance {
  base: string;
  dir: string;
  orm: MikroORM;
  close(): Promise<void>;
}

export async function startBenchInstance(name: string, env: Record<string, string> = {}): Promise<BenchInstance> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `ppp-bench-${name}-`));
  // As root PostgreSQL runs as the postgres system user, which must be able to write here.
  await fs.chmod(dir, 0o777);
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 56000 + Math.floor(Math.random() * 1000), persistent: false });
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    NODE_ENV: 'production',
    STORAGE_DIR: path.join(dir, 'storage'),
    LOG_LEVEL: 'error',
    ...env,
  });
  const orm = await openOrm(db.url, { poolMax: config.DB_POOL_MAX });
  await migrate(orm);
  const server = await startHttpServer(orm, config);
  return {
    base: `http://127.0.0.1:${server.port}`,
    dir,
    orm,
    async close() {
      await server.close();
      await orm.close();
      await db.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
