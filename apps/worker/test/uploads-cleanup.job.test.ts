import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm, tempDir, testConfig } from '@ppp/server/test-support';
import { outboxOnlyTransport } from '@ppp/server/domain';
import { startWorker, type Worker } from '../src/worker.ts';

let orm: MikroORM;
let worker: Worker;
let storage: { dir: string; remove: () => void };
const logs: string[] = [];

beforeAll(async () => {
  storage = tempDir('ppp-cleanup-storage-');
  const db = await openTestOrm();
  orm = db.orm;
  const config = testConfig(db.databaseUrl, { STORAGE_DIR: storage.dir });
  worker = await startWorker({
    orm,
    shared: { config, mailTransport: outboxOnlyTransport },
    databaseUrl: db.databaseUrl,
    concurrency: 1,
    log: (m) => logs.push(m),
  });
});
afterAll(async () => {
  await worker?.stop();
  await orm?.close();
  storage?.remove();
});

/** A partial tus upload as the file store leaves it: the bytes so far and a .json beside them. */
function partial(id: string, createdHoursAgo: number, received: number, size = 1000): string {
  const dir = path.join(storage.dir, 'tus');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, id), Buffer.alloc(received));
  const creation = new Date(Date.now() - createdHoursAgo * 3600_000).toISOString();
  writeFileSync(
    path.join(dir, `${id}.json`),
    JSON.stringify({ id, size, offset: 0, metadata: { filename: 'a.wav' }, creation_date: creation }),
  );
  return path.join(dir, id);
}

describe('uploads.cleanup', () => {
  it('removes unfinished uploads older than 24 hours and keeps recent ones', async () => {
    const stale = partial('stale0000', 30, 10);
    const fresh = partial('fresh0000', 1, 10);
    const id = await worker.boss.send('uploads.cleanup', {});
    await expect
      .poll(async () => (await worker.boss.getJobById('uploads.cleanup', id ?? ''))?.state, { timeout: 20_000 })
      .toBe('completed');
    expect([existsSync(stale), existsSync(`${stale}.json`)]).toEqual([false, false]);
    expect([existsSync(fresh), existsSync(`${fresh}.json`)]).toEqual([true, true]);
    expect(logs).toContain('uploads.cleanup: 1 expired partial uploads removed');
  });
});
