import { ZLinkSpreakerShowRequest } from '@ppp/contracts';
/**
 * publish.episode through pg-boss on a real PostgreSQL, real files, and Spreaker's stand-in:
 * - publish now on the built-in host ends with the episode in the show's feed;
 * - a double click (two publish calls at once, two jobs) leaves exactly one episode on Spreaker;
 * - a worker that dies between the upload and recording it is retried by pg-boss without a duplicate;
 * - a scheduled go-live waits in PostgreSQL across a worker restart and runs at its time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { createServices, LocalStorage, outboxOnlyTransport, PgBossJobQueue, publishTestHooks, type SharedDeps } from '@ppp/server/domain';
import { startWorker, type Worker } from '../src/worker.ts';

let orm: MikroORM;
let databaseUrl: string;
let worker: Worker | null = null;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let config: TConfig;
let userId: string;
let cover: string;
const sandbox = new SpreakerSandbox();
const logs: string[] = [];

async function runWorker(): Promise<Worker> {
  worker = await startWorker({
    orm,
    shared: { config, mailTransport: outboxOnlyTransport },
    databaseUrl,
    concurrency: 2,
    log: (m) => logs.push(m),
  });
  return worker;
}

function services() {
  if (!worker) throw new Error('no worker');
  const shared: SharedDeps = {
    config,
    mailTransport: outboxOnlyTransport,
    storage: new LocalStorage(storage.dir),
    jobs: new PgBossJobQueue({ boss: worker.boss }),
  };
  return createServices(orm.em.fork(), shared);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const statusOf = (episodeId: string) => services().publishing.status({ id: userId }, episodeId);

async function spreakerShow(name: string) {
  const podcastId = await seedShow(orm, new LocalStorage(storage.dir), userId, name, cover);
  const remote = sandbox.addShow(name);
  await services().hostShows.link({ id: userId }, podcastId, ZLinkSpreakerShowRequest.parse({ show_id: remote.show_id }));
  return { podcastId, remote };
}

beforeAll(async () => {
  await sandbox.start();
  storage = tempDir('ppp-publish-worker-storage-');
  files = tempDir('ppp-publish-worker-files-');
  cover = coverPng(files.dir);
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  config = testConfig(databaseUrl, {
    STORAGE_DIR: storage.dir,
    DATA_DIR: files.dir,
    SPREAKER_CLIENT_ID: 'ppp-app',
    SPREAKER_CLIENT_SECRET: 'ppp-secret',
    SPREAKER_BASE_URL: sandbox.origin,
  });
  await runWorker();
  const email = uniqueEmail('publisher');
  await registerAccount(services(), email);
  const [row] = await orm.em.fork().getConnection().execute<{ id: string }[]>('select id from users where email = ?', [email]);
  userId = row!.id;
  // Connect Spreaker the way the popup does: a ticket, the start (its state, kept in the browser's cookie), then the code exchange.
  const start = await services().spreaker.startConnect((await services().spreaker.connectTicket({ id: userId })).ticket);
  await services().spreaker.finishConnect('code', start.state, start.state);
});
afterEach(() => {
  publishTestHooks.afterUpload = null;
  sandbox.uploadDelayMs = 0;
});
afterAll(async () => {
  await worker?.stop();
  await orm?.close();
  await sandbox.stop();
  storage?.remove();
  files?.remove();
});

describe('publish.episode', () => {
  it('publishes to the built-in host and the episode appears in the feed', async () => {
    const podcastId = await seedShow(orm, new LocalStorage(storage.dir), userId, 'Builtin Worker Show', cover);
    const episode = await seedAssembledEpisode(
      orm,
      new LocalStorage(storage.dir),
      files.dir,
      { userId, podcastId },
      { title: 'Worker published' },
    );
    await services().publishing.publish({ id: userId }, episode.id, { publish_state: 'public' });
    const status = await waitFor(
      () => statusOf(episode.id),
      (s) => s.status === 'published' || s.publish_state === 'publish_error',
    );
    expect(status).toMatchObject({ status: 'published', host: 'builtin', host_episode_id: episode.id, last_error: null });
    expect((await services().feeds.render(podcastId)).xml).toContain('<title>Worker published</title>');
  });

  it('a double click leaves exactly one episode on Spreaker', async () => {
    const { podcastId, remote } = await spreakerShow('Double Click Show');
    const episode = await seedAssembledEpisode(
      orm,
      new LocalStorage(storage.dir),
      files.dir,
      { userId, podcastId },
      { title: 'Clicked twice' },
    );
    sandbox.uploadDelayMs = 400;
    await Promise.all([
      services().publishing.publish({ id: userId }, episode.id, { publish_state: 'public' }),
      services().publishing.publish({ id: userId }, episode.id, { publish_state: 'public' }),
    ]);
    const status = await waitFor(
      () => statusOf(episode.id),
      (s) => s.status === 'published' || s.publish_state === 'publish_error',
    );
    expect(status).toMatchObject({ status: 'published', host: 'spreaker' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(sandbox.episodesOf(remote.show_id)).toHaveLength(1);
    expect(status.spreaker_episode_id).toBe(String(sandbox.episodesOf(remote.show_id)[0]?.episode_id));
  });

  it('a worker killed between the upload and recording it is retried without a duplicate', async () => {
    const { podcastId, remote } = await spreakerShow('Crash Show');
    const episode = await seedAssembledEpisode(
      orm,
      new LocalStorage(storage.dir),
      files.dir,
      { userId, podcastId },
      { title: 'Survives a crash' },
    );
    let kills = 0;
    publishTestHooks.afterUpload = () => {
      if (kills++ === 0) throw new Error('worker killed after the upload');
    };
    await services().publishing.publish({ id: userId }, episode.id, {});
    const status = await waitFor(
      () => statusOf(episode.id),
      (s) => s.status === 'published' || s.publish_state === 'publish_error',
      60_000,
    );
    // The hook runs after a fresh upload only: the retry found the first upload by its token.
    expect(kills).toBe(1);
    expect(logs.some((line) => line.includes(`publish.episode ${episode.id}: published`))).toBe(true);
    expect(status.status).toBe('published');
    const uploaded = sandbox.episodesOf(remote.show_id);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]?.tags).toEqual([]);
    expect(status.spreaker_episode_id).toBe(String(uploaded[0]?.episode_id));
  });

  it('a scheduled go-live waits in PostgreSQL across a worker restart', async () => {
    const podcastId = await seedShow(orm, new LocalStorage(storage.dir), userId, 'Scheduled Worker Show', cover);
    const episode = await seedAssembledEpisode(
      orm,
      new LocalStorage(storage.dir),
      files.dir,
      { userId, podcastId },
      { title: 'Goes live later' },
    );
    const at = new Date(Date.now() + 3_000);
    // As the schedule's upload leaves it: scheduled, on the host, waiting for its time.
    await orm.em
      .fork()
      .getConnection()
      .execute(`update episodes set status = 'scheduled', publish_at = ?, host_episode_id = id::text, host_kind = 'builtin' where id = ?`, [
        at,
        episode.id,
      ]);
    await new PgBossJobQueue({ boss: worker!.boss }).send(
      'publish.episode',
      { episode_id: episode.id, publish_at: at.toISOString(), go_live: true },
      { startAfter: at },
    );
    await worker?.stop();
    worker = null;
    await new Promise((r) => setTimeout(r, 4_000));
    await runWorker();
    const status = await waitFor(
      () => statusOf(episode.id),
      (s) => s.status === 'published',
    );
    expect(status).toMatchObject({ status: 'published', publish_state: 'published' });
    expect(status.publish_at?.toISOString()).toBe(at.toISOString());
  });
});
