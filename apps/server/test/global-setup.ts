/**
 * Vitest global setup: one embedded PostgreSQL per run, migrated once. Test files never touch this
 * database directly; each clones it as a template (see support/database.ts), so every file starts
 * from a blank, migrated instance and files can run in parallel.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import './support/provided-context.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ppp-test-'));
  // As root the server runs as the `postgres` system user, which must be able to write here.
  await fs.chmod(dir, 0o777);
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort(), persistent: false, throwaway: true });
  const teardown = async () => {
    await db.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    const orm = await openOrm(db.url, { poolMax: 1 });
    try {
      await migrate(orm);
    } finally {
      await orm.close();
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('databaseUrl', db.url);
  return teardown;
}
