/**
 * publish.after-render through pg-boss on a real PostgreSQL: the publish step after a render is a job
 * queued in the render's own transaction (a rollback leaves none), one per episode at a time
 * (singleton key on an exclusive queue). A worker that dies after taking it, before publishing or in
 * the middle of publishing, is failed by its heartbeat and the job retried after a restart: the
 * episode is published exactly once. A settled step is never acted on again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  coverPng,
  openTestOrm,
  PASSWORD,
  seedAssembledEpisode,
  seedShow,
  tempDir,
  testConfig,
  uniqueEmail,
  uniqueIp,
} from '@ppp/server/test-support';
import type { TConfig } from '@ppp/server/config';
import { createServices, LocalStorage, outboxOnlyTransport, PgBossJobQueue, type SharedDeps } from '@ppp/server/domain';
import { startWorker, type Worker } from '../src/worker.ts';

let orm: MikroORM;
let databaseUrl: string;
let worker: Worker;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let config: TConfig;
let userId = '';
let podcastId = '';
const logs: string[] = [];

const jobs = () => new PgBossJobQueue({ boss: worker.boss });
function services() {
  const shared: SharedDeps = { config, mailTransport: outboxOnlyTransport, storage: new LocalStorage(storage.dir), jobs: jobs() };
  return createServices(orm.em.fork(), shared);
}
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

const start = () =>
  startWorker({ orm, shared: { config, mailTransport: outboxOnlyTransport }, databaseUrl, concurrency: 2, log: (m) => logs.push(m) });

/** The worker process restarts (as after a crash): a fresh pg-boss instance consuming every queue. */
async function restart(): Promise<void> {
  await worker.stop();
  worker = await start();
}

/** A rendered episode whose publish choice ('now', public) is still pending, as the render leaves it. */
async function renderedPending(title: string): Promise<string> {
  const episode = await seedAssembledEpisode(orm, new LocalStorage(storage.dir), files.dir, { userId, podcastId }, { title });
  await sql(
    `update episodes set assembly_status = 'done', publish_mode = 'now', processed_at = now(), publish_outcome = ?::jsonb where id = ?`,
    [JSON.stringify({ mode: 'now', outcome: 'pending', error: null }), episode.id],
  );
  return episode.id;
}

/** Queues the follow-up the way the render does: in a transaction, committed or rolled back. */
async function sendInTransaction(episodeId: string, end: 'commit' | 'rollback'): Promise<string | null> {
  const em = orm.em.fork();
  await em.begin();
  const id = await jobs().send('publish.after-render', { episode_id: episodeId }, { singletonKey: episodeId, transaction: em });
  await (end === 'commit' ? em.commit() : em.rollback());
  return id;
}

const followUps = (episodeId: string) =>
  sql<{ state: string; retry_count: number }>(
    "select state::text as state, retry_count from pgboss.job where name = 'publish.after-render' and singleton_key = ? order by created_on",
    [episodeId],
  );
const outcomeOf = async (id: string) =>
  (await sql<{ o: { outcome: string } }>('select publish_outcome as o from episodes where id = ?', [id]))[0]?.o;
const publishJobs = async (id: string) =>
  Number(
    (await sql<{ n: string }>("select count(*) as n from pgboss.job where name = 'publish.episode' and data->>'episode_id' = ?", [id]))[0]
      ?.n,
  );
const published = (episodeId: string) =>
  expect
    .poll(async () => (await services().publishing.status({ id: userId }, episodeId)).status, { timeout: 120_000, interval: 500 })
    .toBe('published');

/** A run that took the job and died: fetched here, never completed, its heartbeat never renewed. */
async function takenByADeadRun(episodeId: string): Promise<void> {
  const [taken] = await worker.boss.fetch('publish.after-render');
  expect(taken?.data).toEqual({ episode_id: episodeId });
  expect(await followUps(episodeId)).toEqual([{ state: 'active', retry_count: 0 }]);
}

beforeAll(async () => {
  storage = tempDir('ppp-after-render-storage-');
  files = tempDir('ppp-after-render-files-');
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  config = testConfig(databaseUrl, { STORAGE_DIR: storage.dir, DATA_DIR: files.dir });
  worker = await start();
  const email = uniqueEmail('after-render');
  await services().auth.register({ email, password: PASSWORD, accept_terms: true }, uniqueIp());
  userId = (await sql<{ id: string }>('select id from users where email = ?', [email]))[0]?.id ?? '';
  podcastId = await seedShow(orm, new LocalStorage(storage.dir), userId, 'The Follow-up Show', coverPng(files.dir));
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await orm?.close();
  storage?.remove();
  files?.remove();
});

describe('publish.after-render', () => {
  it('is queued with the render or not at all, once per episode; a worker dead before publishing is retried: published once', async () => {
    // This worker leaves the follow-ups to the test; a schedule of the old sweep is left over from an earlier version.
    await worker.boss.offWork('publish.after-render');
    await worker.boss.createQueue('assembly.publish-sweep');
    await worker.boss.schedule('assembly.publish-sweep', '* * * * *');
    const episodeId = await renderedPending('Dies before publishing');

    expect(await sendInTransaction(episodeId, 'rollback')).not.toBeNull();
    expect(await followUps(episodeId)).toEqual([]);
    expect(await sendInTransaction(episodeId, 'commit')).not.toBeNull();
    expect(await followUps(episodeId)).toEqual([{ state: 'created', retry_count: 0 }]);
    // A second send while one waits (a duplicated render) is not queued.
    expect(await jobs().send('publish.after-render', { episode_id: episodeId }, { singletonKey: episodeId })).toBeNull();

    await takenByADeadRun(episodeId);
    expect(await outcomeOf(episodeId)).toMatchObject({ outcome: 'pending' });
    await restart();
    await published(episodeId);
    expect(await outcomeOf(episodeId)).toEqual({ mode: 'now', outcome: 'dispatched', error: null });
    expect(await publishJobs(episodeId)).toBe(1);
    expect(await followUps(episodeId)).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect((await worker.boss.getSchedules()).map((s) => s.name)).not.toContain('assembly.publish-sweep');

    // Delivered again once settled: nothing more is published.
    const again = await jobs().send('publish.after-render', { episode_id: episodeId }, { singletonKey: episodeId });
    await expect
      .poll(async () => (await worker.boss.getJobById('publish.after-render', again ?? ''))?.state, { timeout: 30_000 })
      .toBe('completed');
    expect(await publishJobs(episodeId)).toBe(1);
    expect(logs.filter((line) => line.startsWith(`publish.after-render ${episodeId}`))).toEqual([
      `publish.after-render ${episodeId}: publish now -> dispatched`,
    ]);
  }, 180_000);

  it('a worker dead in the middle of publishing (marked queued, its publish.episode never sent) is retried: published once', async () => {
    await worker.boss.offWork('publish.after-render');
    const episodeId = await renderedPending('Dies while publishing');
    await sendInTransaction(episodeId, 'commit');
    await takenByADeadRun(episodeId);
    // What the dead run had done: the publishing service marked the episode queued, then the process died.
    await sql("update episodes set publish_state = 'queued' where id = ?", [episodeId]);

    await restart();
    await published(episodeId);
    expect(await outcomeOf(episodeId)).toEqual({ mode: 'now', outcome: 'dispatched', error: null });
    expect(await publishJobs(episodeId)).toBe(1);
    expect(await followUps(episodeId)).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 180_000);
});
