/**
 * PublishingService.queueImported (auto_publish_to_spreaker, issue 9) on a real PostgreSQL and pg-boss:
 * only the show's imported, live, mirrored episodes on no host are claimed, with the visibility asked
 * for; three runs at once queue each one once; a job that cannot be queued releases its episodes so a
 * later import claims them; another user's call claims nothing. (The worker's suite runs the uploads.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm } from '../support/database.ts';
import { PASSWORD, testConfig, uniqueEmail, uniqueIp } from '../support/fixtures.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedShow } from '../support/episodes.ts';
import { createServices, type SharedDeps } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import type { JobQueue } from '../../src/domain/jobs/job-queue.ts';

let orm: MikroORM;
let shared: SharedDeps;
let storage: { dir: string; remove: () => void };
const services = (jobs: JobQueue = shared.jobs) => createServices(orm.em.fork(), { ...shared, jobs });
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

async function newUserId(): Promise<string> {
  const email = uniqueEmail('auto-publisher');
  await services().auth.register({ email, password: PASSWORD, accept_terms: true }, uniqueIp());
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
      user: userId, podcast: podcastId, title: `Imported ${n}`, status: 'published', publishedAt: new Date(Date.UTC(2024, 0, n)),
      importKey: `guid-${n}`, importKeyHash: `hash-${n}`, finalAudioKey: `users/${userId}/episodes/${n}/source-audio.mp3`, ...over,
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
  Number((await sql<{ n: string }>(`select count(*) as n from pgboss.job where name = 'publish.episode' and data->>'episode_id' = any(?::text[])`, [`{${ids.join(',')}}`]))[0]?.n);
const statesOf = async (ids: string[]) => (await orm.em.fork().find(EpisodeSchema, { id: { $in: ids } }, { orderBy: { title: 'asc' } })).map((e) => [e.title, e.publishState ?? null, e.visibility]);

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
});
