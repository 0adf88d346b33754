/**
 * The plans' priority queue (spec 002 §9, the tier table's priorityQueue flag) on a real pg-boss
 * queue: a transcription or a publish of a creator whose plan has it is fetched before the same job
 * of a free creator queued earlier; a plan without it waits its turn; an admin turning the flag on
 * for a tier in the tier table gives that tier's next jobs priority. Inside a plan's band, owners
 * take turns (issue 38's fair queues).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PgBoss } from 'pg-boss';
import { JOB_PRIORITY } from '@ppp/contracts';
import type { TConfig } from '../../src/config.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { openServiceBed } from '../support/database.ts';
import { mediaItemRow } from '../support/episodes.ts';
import { tempDir } from '../support/audio-files.ts';
import { servicesFor, uniqueEmail, registerAccount } from '../support/fixtures.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';

let orm: MikroORM;
let config: TConfig;
let boss: PgBoss;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
const services = () => servicesFor(orm, config);
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

async function creator(label: string, tier: string): Promise<string> {
  const email = uniqueEmail(label);
  await registerAccount(services(), email);
  await sql('update users set tier = ? where email = ?', [tier, email]);
  const [row] = await sql<{ id: string }>('select id from users where email = ?', [email]);
  return row!.id;
}

/** A main-content upload of the user, transcribed again through the media service (a real sender). */
async function queueTranscription(userId: string, name: string): Promise<string> {
  const em = orm.em.fork();
  const item = mediaItemRow(em, userId, name, { status: 'error' });
  await em.flush();
  await services().media.retryTranscription({ id: userId }, item.id);
  return item.id;
}

/** What the worker would take next from a queue, in the order pg-boss hands jobs out. */
async function fetchOrder(queue: string, count: number): Promise<{ data: Record<string, unknown>; priority: number }[]> {
  const taken: { data: Record<string, unknown>; priority: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const [job] = await boss.fetch<Record<string, unknown>>(queue, { includeMetadata: true });
    if (!job) break;
    taken.push({ data: job.data, priority: job.priority });
    await boss.complete(queue, job.id);
  }
  return taken;
}

beforeAll(async () => {
  storage = tempDir('ppp-priority-storage-');
  files = tempDir('ppp-priority-files-');
  let databaseUrl: string;
  ({ orm, config, databaseUrl } = await openServiceBed({ STORAGE_DIR: storage.dir, DATA_DIR: files.dir }));
  boss = new PgBoss({ connectionString: databaseUrl, max: 2, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  // The first account of an instance is unlimited; these tests set every tier themselves.
  await creator('first', 'unlimited');
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 5_000 });
  await orm?.close();
  storage?.remove();
  files?.remove();
});

describe('priority queue', () => {
  it("fetches an Enterprise creator's transcription before a free creator's queued earlier; Pro waits its turn", async () => {
    const free = await creator('free', 'free');
    const pro = await creator('pro', 'pro');
    const enterprise = await creator('enterprise', 'enterprise');
    const freeJob = await queueTranscription(free, 'free-take');
    const proJob = await queueTranscription(pro, 'pro-take');
    const enterpriseJob = await queueTranscription(enterprise, 'enterprise-take');
    const order = await fetchOrder('audio.transcribe', 3);
    expect(order.map((job) => job.data.media_id)).toEqual([enterpriseJob, freeJob, proJob]);
    expect(order.map((job) => job.priority)).toEqual([JOB_PRIORITY.priority, JOB_PRIORITY.standard, JOB_PRIORITY.standard]);
  });

  it("takes owners in turn (issue 38): a creator's single upload is fetched right after the first of another's twenty, an Enterprise creator's before all", async () => {
    const busy = await creator('busy', 'free');
    const other = await creator('other', 'free');
    const enterprise = await creator('fair-enterprise', 'enterprise');
    const busyJobs: string[] = [];
    for (let i = 0; i < 20; i += 1) busyJobs.push(await queueTranscription(busy, `busy-take-${i}`));
    const otherJob = await queueTranscription(other, 'other-take');
    const enterpriseJobs = [await queueTranscription(enterprise, 'top-1'), await queueTranscription(enterprise, 'top-2')];
    const order = (await fetchOrder('audio.transcribe', 23)).map((job) => job.data.media_id);
    expect(order).toEqual([...enterpriseJobs, busyJobs[0], otherJob, ...busyJobs.slice(1)]);
  });

  it('tells each waiting upload its place in line and the wait at the measured realtime factor (issue 38)', async () => {
    const busy = await creator('queue-busy', 'free');
    const other = await creator('queue-other', 'free');
    const busyJobs = [await queueTranscription(busy, 'queue-busy-1'), await queueTranscription(busy, 'queue-busy-2')];
    const otherJob = await queueTranscription(other, 'queue-other-1');
    await sql('update media_items set duration_seconds = 120 where user_id in (?, ?)', [busy, other]);
    const standing = async (userId: string, mediaId: string) =>
      (await services().media.getDto({ id: userId }, mediaId)).transcription_queue;
    // Before any measurement there is a place but no estimate.
    await sql('delete from speech_engine');
    expect(await standing(other, otherJob)).toEqual({ position: 2, wait_seconds: null });
    // Measured at 0.5 s of work per second of audio, on the configured worker slots.
    await sql('insert into speech_engine (id, realtime_factor) values (1, 0.5)');
    const slots = config.WORKER_CONCURRENCY;
    expect(await standing(other, otherJob)).toEqual({ position: 2, wait_seconds: Math.round((120 * 0.5) / slots) });
    expect(await standing(busy, busyJobs[1]!)).toEqual({ position: 3, wait_seconds: Math.round((240 * 0.5) / slots) });
    const list = await services().media.findMainContent({ id: busy });
    expect(list.map((item) => item.transcription_queue?.position)).toEqual(expect.arrayContaining([1, 3]));
    await fetchOrder('audio.transcribe', 3);
    expect(await standing(other, otherJob)).toBeNull();
  });

  it('follows an admin-set expiry: Enterprise until its date, the default tier after it', async () => {
    const lapsed = await creator('lapsed', 'enterprise');
    const current = await creator('current', 'enterprise');
    await sql(`update users set subscription_expires_at = now() - interval '1 day' where id = ?`, [lapsed]);
    await sql(`update users set subscription_expires_at = now() + interval '30 days' where id = ?`, [current]);
    const lapsedJob = await queueTranscription(lapsed, 'lapsed-take');
    const currentJob = await queueTranscription(current, 'current-take');
    const order = await fetchOrder('audio.transcribe', 2);
    expect(order.map((job) => job.data.media_id)).toEqual([currentJob, lapsedJob]);
  });

  it("publishes an Enterprise creator's episode first, and follows the tier table when an admin gives Pro the priority queue", async () => {
    const local = new LocalStorage(storage.dir);
    const cover = coverPng(files.dir);
    const owners = {
      free: await creator('free-pub', 'free'),
      pro: await creator('pro-pub', 'pro'),
      top: await creator('top-pub', 'enterprise'),
    };
    const episodes: Record<string, string> = {};
    for (const [label, userId] of Object.entries(owners)) {
      const podcastId = await seedShow(orm, local, userId, `${label} show`, cover);
      episodes[label] = (await seedAssembledEpisode(orm, local, files.dir, { userId, podcastId }, { title: `${label} episode` })).id;
    }
    for (const label of ['free', 'pro', 'top'] as const) {
      await services().publishing.publish({ id: owners[label] }, episodes[label]!, { publish_state: 'public' });
    }
    const before = await fetchOrder('publish.episode', 3);
    expect(before.map((job) => job.data.episode_id)).toEqual([episodes.top, episodes.free, episodes.pro]);

    await services().tiers.update({ features: [{ key: 'priorityQueue', values: { pro: true } }] });
    await queueTranscription(owners.free, 'free-after');
    const proAfter = await queueTranscription(owners.pro, 'pro-after');
    const [first] = await fetchOrder('audio.transcribe', 2);
    expect(first).toMatchObject({ data: { media_id: proAfter }, priority: JOB_PRIORITY.priority });
  });
});
