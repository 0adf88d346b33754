/**
 * PublishingService.queueImported (auto_publish_to_spreaker, issue 9) on a real PostgreSQL and pg-boss:
 * only the show's imported, live, mirrored episodes on no host are claimed, with the visibility asked
 * for; three runs at once queue each one once; a job that cannot be queued releases its episodes so a
 * later import claims them; one marked by a run that died before sending its job is claimed again once
 * the mark is older than the lease and no job is live; another user's call claims nothing. (The
 * worker's suite runs the uploads.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm } from '../support/database.ts';
import { testConfig, uniqueEmail, registerAccount } from '../support/fixtures.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedShow } from '../support/episodes.ts';
import { createServices, type SharedDeps } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import type { JobQueue } from '../../src/domain/jobs/job-queue.ts';
import { PUBLISH_MARK_LEASE_MS } from '../../src/domain/publishing/publish-jobs.ts';

let orm: MikroORM;
let shared: SharedDeps;
let storage: { dir: string; remove: () => void };
const services = (jobs: JobQueue = shared.jobs) => createServices(orm.em.fork(), { ...shared, jobs });
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

async function newUserId(): Promise<string> {
  const email = uniqueEmail('auto-publisher');
  await registerAccount(services(), email);
  const [row] = await sql<{ id: string }>('select id from users where email = ?', [email]);
  return row?.id ?? '';
}

/** A show linked to Spreaker with `eligible` imported episodes ready to upload, and some that are not. */
async function linkedShow(userId: string, eligible: number): Promise<{ podcastId: string; ready: string[]; others: string[] }> {
  const podcastId = await seedShow(orm, shared.storage, userId, 'Moved Show', null);
  await sql(`update podcasts set spreaker_show_id = '4242', host_kind = 'spreaker' where id = ?`, [podcastId]);
  const em = orm.em.fork();
  const episode = (n: number, over: object = {}) =>
    em.create(EpisodeSchema, {
      user: userId,
      podcast: podcastId,
      title: `Imported ${n}`,
      status: 'published',
      publishedAt: new Date(Date.UTC(2024, 0, n)),
      importKey: `guid-${n}`,
      importKeyHash: `hash-${n}`,
      finalAudioKey: `users/${userId}/episodes/${n}/source-audio.mp3`,
      ...over,
    });
  const ready = Array.from({ length: eligible }, (_, i) => episode(i + 1).id);
  const others = [
    episode(101, { hostKind: 'spreaker', hostEpisodeId: `${podcastId.slice(0, 8)}-1` }).id, // already on Spreaker
    episode(102, { finalAudioKey: null }).id, // its audio was not fetched
    episode(103, { status: 'processed' }).id, // made here, not imported live
    episode(104, { publishState: 'publish_error' }).id, // tried before
  ];
  await em.flush();
  return { podcastId, ready, others };
}

const jobsFor = async (ids: string[]) =>
  Number(
    (
      await sql<{ n: string }>(
        `select count(*) as n from pgboss.job where name = 'publish.episode' and data->>'episode_id' = any(?::text[])`,
        [`{${ids.join(',')}}`],
      )
    )[0]?.n,
  );
const markedAgo = (ids: string[], ms: number) =>
  sql(`update episodes set updated_at = ? where id = any(?::uuid[])`, [new Date(Date.now() - ms), `{${ids.join(',')}}`]);
async function waitForStates(ids: string[], state: string): Promise<void> {
  for (let i = 0; i < 100 && (await statesOf(ids)).some(([, s]) => s !== state); i++) await new Promise((r) => setTimeout(r, 50));
}
const statesOf = async (ids: string[]) =>
  (await orm.em.fork().find(EpisodeSchema, { id: { $in: ids } }, { orderBy: { title: 'asc' } })).map((e) => [
    e.title,
    e.publishState ?? null,
    e.visibility,
  ]);

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  storage = tempDir('ppp-auto-publish-');
  shared = sharedDepsFor(testConfig(db.databaseUrl, { STORAGE_DIR: storage.dir }), { storage: new LocalStorage(storage.dir) });
});
afterAll(async () => {
  await shared?.jobs.close();
  await orm?.close();
  storage?.remove();
});

describe('queueImported', () => {
  it('claims only the imported, live, mirrored episodes on no host, each once across three runs at once; not for another user', async () => {
    const [owner, stranger] = [await newUserId(), await newUserId()];
    const { podcastId, ready, others } = await linkedShow(owner, 5);
    expect(await services().publishing.queueImported(stranger, podcastId, 'public')).toBe(0);

    const runs = await Promise.all([1, 2, 3].map(() => services().publishing.queueImported(owner, podcastId, 'unpublished')));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await jobsFor(ready)).toBe(5);
    expect(await jobsFor(others)).toBe(0);
    expect(await statesOf(ready)).toEqual(ready.map((_, i) => [`Imported ${i + 1}`, 'queued', 'unpublished']));
    expect((await statesOf(others)).map(([, state]) => state)).toEqual([null, null, null, 'publish_error']);
    expect(await services().publishing.queueImported(owner, podcastId, 'public')).toBe(0);
    expect(await jobsFor(ready)).toBe(5);
  });

  it('releases the episodes whose job could not be queued, so the next import claims them', async () => {
    const owner = await newUserId();
    const { podcastId, ready } = await linkedShow(owner, 3);
    let sent = 0;
    const flaky: JobQueue = {
      send: async (name, payload, options) => {
        if (sent++ >= 1) throw new Error('the queue is down');
        return shared.jobs.send(name, payload, options);
      },
      close: async () => undefined,
    };
    await expect(services(flaky).publishing.queueImported(owner, podcastId, 'public')).rejects.toThrow('the queue is down');
    expect((await statesOf(ready)).map(([, state]) => state)).toEqual(['queued', null, null]);
    expect(await jobsFor(ready)).toBe(1);

    expect(await services().publishing.queueImported(owner, podcastId, 'public')).toBe(2);
    expect((await statesOf(ready)).map(([, state]) => state)).toEqual(['queued', 'queued', 'queued']);
    expect(await jobsFor(ready)).toBe(3);
  });

  it('a mark left by a run that died before sending its job is claimed again past the lease, once; a live mark or a sent job is left', async () => {
    const owner = await newUserId();
    const { podcastId, ready } = await linkedShow(owner, 3);
    // The dead run: claims all three, then never gets its first job sent (and so never releases them).
    const dead: JobQueue = { send: () => new Promise<never>(() => undefined), close: async () => undefined };
    void services(dead).publishing.queueImported(owner, podcastId, 'public');
    await waitForStates(ready, 'queued');
    expect(await jobsFor(ready)).toBe(0);
    // Inside the lease the marks are the dead run's still.
    expect(await services().publishing.queueImported(owner, podcastId, 'public')).toBe(0);

    await markedAgo(ready.slice(0, 2), PUBLISH_MARK_LEASE_MS + 1000);
    const runs = await Promise.all([1, 2].map(() => services().publishing.queueImported(owner, podcastId, 'unpublished')));
    expect(runs.sort()).toEqual([0, 2]);
    expect(await jobsFor(ready.slice(0, 2))).toBe(2);
    expect(await jobsFor(ready.slice(2))).toBe(0);
    expect((await statesOf(ready)).map(([, state, visibility]) => [state, visibility])).toEqual([
      ['queued', 'unpublished'],
      ['queued', 'unpublished'],
      ['queued', 'public'],
    ]);

    // Their jobs now wait in pg-boss: an old mark with a live job is not taken again.
    await markedAgo(ready, PUBLISH_MARK_LEASE_MS + 1000);
    expect(await services().publishing.queueImported(owner, podcastId, 'public')).toBe(1);
    expect(await jobsFor(ready)).toBe(3);
    await markedAgo(ready, PUBLISH_MARK_LEASE_MS + 1000);
    expect(await services().publishing.queueImported(owner, podcastId, 'public')).toBe(0);
    expect(await jobsFor(ready)).toBe(3);
  });

  it('at the end of an import, waits out the lease of marks a dead run left and then claims them', async () => {
    const owner = await newUserId();
    const { podcastId, ready } = await linkedShow(owner, 2);
    const dead: JobQueue = { send: () => new Promise<never>(() => undefined), close: async () => undefined };
    void services(dead).publishing.queueImported(owner, podcastId, 'public');
    await waitForStates(ready, 'queued');
    await markedAgo(ready, PUBLISH_MARK_LEASE_MS - 2000);
    const started = Date.now();
    expect(await services().publishing.queueImportedAfterLease(owner, podcastId, 'public')).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(await jobsFor(ready)).toBe(2);
    // Nothing left to wait for: answers at once.
    const again = Date.now();
    expect(await services().publishing.queueImportedAfterLease(owner, podcastId, 'public')).toBe(0);
    expect(Date.now() - again).toBeLessThan(1500);
  });
});
