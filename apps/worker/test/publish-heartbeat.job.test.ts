/**
 * publish.episode has a heartbeat: a worker process killed (SIGKILL) between the upload and recording
 * it no longer leaves the episode 'publishing' for the job's 30 minute expiry. Another worker retries it
 * within about a minute, and the host still holds exactly one episode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  coverPng,
  openTestOrm,
  seedAssembledEpisode,
  seedShow,
  SpreakerSandbox,
  tempDir,
  testConfig,
  uniqueEmail,
  registerAccount,
} from '@ppp/server/test-support';
import type { TConfig } from '@ppp/server/config';
import { createServices, LocalStorage, outboxOnlyTransport, PgBossJobQueue, type SharedDeps } from '@ppp/server/domain';
import { startWorker, type Worker } from '../src/worker.ts';

let orm: MikroORM;
let databaseUrl: string;
let worker: Worker | null = null;
let child: ChildProcess | null = null;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let config: TConfig;
let env: Record<string, string>;
let userId: string;
const sandbox = new SpreakerSandbox();

function services(boss: Worker['boss']) {
  const shared: SharedDeps = {
    config,
    mailTransport: outboxOnlyTransport,
    storage: new LocalStorage(storage.dir),
    jobs: new PgBossJobQueue({ boss }),
  };
  return createServices(orm.em.fork(), shared);
}

/** Starts the dying worker and resolves once it is consuming. */
function startDyingWorker(onLine: (line: string) => void): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [path.join(import.meta.dirname, 'support/dying-worker.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') resolve(proc);
        onLine(line);
      }
    });
    proc.once('exit', (code) => reject(new Error(`dying worker exited early (${code})`)));
  });
}

beforeAll(async () => {
  await sandbox.start();
  storage = tempDir('ppp-publish-heartbeat-storage-');
  files = tempDir('ppp-publish-heartbeat-files-');
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  env = {
    STORAGE_DIR: storage.dir,
    DATA_DIR: files.dir,
    SPREAKER_CLIENT_ID: 'ppp-app',
    SPREAKER_CLIENT_SECRET: 'ppp-secret',
    SPREAKER_BASE_URL: sandbox.origin,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
  };
  config = testConfig(databaseUrl, env);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await worker?.stop();
  await orm?.close();
  await sandbox.stop();
  storage?.remove();
  files?.remove();
});

describe('publish.episode heartbeat', () => {
  it('a worker killed mid-publish is retried by another within about a minute, once at the host', async () => {
    let uploaded = '';
    child = await startDyingWorker((line) => {
      if (line.startsWith('uploaded ')) uploaded = line.slice('uploaded '.length);
    });
    // The test's own pg-boss handle only sends; the dying child is the only consumer for now.
    worker = await startWorker({
      orm,
      shared: { config, mailTransport: outboxOnlyTransport },
      databaseUrl,
      concurrency: 1,
      log: () => undefined,
    });
    await worker.boss.offWork('publish.episode');
    const svc = () => services(worker!.boss);
    const email = uniqueEmail('heartbeat');
    await registerAccount(svc(), email);
    const [row] = await orm.em.fork().getConnection().execute<{ id: string }[]>('select id from users where email = ?', [email]);
    userId = row!.id;
    const start = await svc().spreaker.startConnect((await svc().spreaker.connectTicket({ id: userId })).ticket);
    await svc().spreaker.finishConnect('code', start.state, start.state);
    const store = new LocalStorage(storage.dir);
    const podcastId = await seedShow(orm, store, userId, 'Heartbeat Show', coverPng(files.dir));
    const remote = sandbox.addShow('Heartbeat Show');
    await svc().hostShows.link({ id: userId }, podcastId, { show_id: String(remote.show_id) });
    const episode = await seedAssembledEpisode(orm, store, files.dir, { userId, podcastId }, { title: 'Outlives its worker' });
    await svc().publishing.publish({ id: userId }, episode.id, { publish_state: 'public' });

    const uploadDeadline = Date.now() + 60_000;
    while (uploaded !== episode.id) {
      if (Date.now() > uploadDeadline) throw new Error('the dying worker never uploaded');
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    const killedAt = Date.now();
    // A fresh worker, as after a crash: it consumes publish.episode again.
    await worker.stop();
    worker = await startWorker({
      orm,
      shared: { config, mailTransport: outboxOnlyTransport },
      databaseUrl,
      concurrency: 1,
      log: () => undefined,
    });
    for (;;) {
      const status = await services(worker.boss).publishing.status({ id: userId }, episode.id);
      if (status.status === 'published' || status.publish_state === 'publish_error') {
        expect(status).toMatchObject({ status: 'published', host: 'spreaker' });
        break;
      }
      if (Date.now() - killedAt > 90_000) throw new Error(`still ${JSON.stringify(status)} 90 s after the kill`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const recoveredIn = Date.now() - killedAt;
    console.log(`publish.episode recovered ${Math.round(recoveredIn / 1000)} s after its worker was killed`);
    expect(recoveredIn).toBeLessThan(70_000);
    expect(sandbox.episodesOf(remote.show_id)).toHaveLength(1);
  }, 180_000);
});
