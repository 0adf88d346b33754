/**
 * assembly.publish-sweep through pg-boss on a real PostgreSQL: the publish step after a render that
 * an audio.assemble job left pending when its worker died on the last attempt (no retry follows) is
 * run by the sweep once the claim's lease is over; a live claim is left to its run; sweeping again,
 * or the every-minute schedule meeting it too, publishes nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { JOB_SCHEDULES } from '@ppp/contracts';
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
import { PUBLISH_CLAIM_LEASE_MS } from '../../server/src/domain/episodes/assembly-publish.service.ts';
import { startWorker, type Worker } from '../src/worker.ts';

let orm: MikroORM;
let worker: Worker;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let config: TConfig;
let userId = '';
let podcastId = '';
const logs: string[] = [];

function services() {
  const shared: SharedDeps = {
    config,
    mailTransport: outboxOnlyTransport,
    storage: new LocalStorage(storage.dir),
    jobs: new PgBossJobQueue({ boss: worker.boss }),
  };
  return createServices(orm.em.fork(), shared);
}
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs one sweep through pg-boss and waits for it to complete. */
async function sweep(): Promise<void> {
  const id = await worker.boss.send('assembly.publish-sweep', {});
  await expect
    .poll(async () => (await worker.boss.getJobById('assembly.publish-sweep', id ?? ''))?.state, { timeout: 20_000 })
    .toBe('completed');
}

/**
 * A rendered episode (publish 'now' chosen at assemble) whose assemble job died after taking the
 * publish step `claimedMsAgo` ago (null: before taking it), with no job left to retry it.
 */
async function leftPending(title: string, claimedMsAgo: number | null): Promise<string> {
  const episode = await seedAssembledEpisode(orm, new LocalStorage(storage.dir), files.dir, { userId, podcastId }, { title });
  const processedAt = new Date(Date.now() - (claimedMsAgo ?? PUBLISH_CLAIM_LEASE_MS + 5000) - 1000);
  const outcome: Record<string, unknown> = { mode: 'now', outcome: 'pending', error: null };
  if (claimedMsAgo !== null) Object.assign(outcome, { claimed: true, claimed_at: new Date(Date.now() - claimedMsAgo).toISOString() });
  await sql(
    `update episodes set assembly_status = 'done', publish_mode = 'now', processed_at = ?, publish_outcome = ?::jsonb where id = ?`,
    [processedAt.toISOString(), JSON.stringify(outcome), episode.id],
  );
  return episode.id;
}

const outcomeOf = async (id: string) =>
  (await sql<{ o: { outcome: string; claimed_at?: string } }>('select publish_outcome as o from episodes where id = ?', [id]))[0]?.o;
const publishJobs = async (id: string) =>
  Number(
    (await sql<{ n: string }>("select count(*) as n from pgboss.job where name = 'publish.episode' and data->>'episode_id' = ?", [id]))[0]
      ?.n,
  );

beforeAll(async () => {
  storage = tempDir('ppp-sweep-storage-');
  files = tempDir('ppp-sweep-files-');
  const db = await openTestOrm();
  orm = db.orm;
  config = testConfig(db.databaseUrl, { STORAGE_DIR: storage.dir, DATA_DIR: files.dir });
  worker = await startWorker({
    orm,
    shared: { config, mailTransport: outboxOnlyTransport },
    databaseUrl: db.databaseUrl,
    concurrency: 2,
    log: (m) => logs.push(m),
  });
  const email = uniqueEmail('sweeper');
  await services().auth.register({ email, password: PASSWORD, accept_terms: true }, uniqueIp());
  userId = (await sql<{ id: string }>('select id from users where email = ?', [email]))[0]?.id ?? '';
  podcastId = await seedShow(orm, new LocalStorage(storage.dir), userId, 'The Sweep Show', coverPng(files.dir));
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await orm?.close();
  storage?.remove();
  files?.remove();
});

describe('assembly.publish-sweep', () => {
  it('is scheduled every minute', async () => {
    expect(JOB_SCHEDULES['assembly.publish-sweep']).toBe('* * * * *');
    const schedules = await worker.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['assembly.publish-sweep', '* * * * *']);
  });

  it('publishes once an episode whose claim outlived its lease, and a second sweep adds nothing', async () => {
    const dead = await leftPending('Dead claim', PUBLISH_CLAIM_LEASE_MS + 5000);
    const live = await leftPending('Live claim', 10_000);
    const liveClaim = (await outcomeOf(live))?.claimed_at;

    await sweep();
    expect(await outcomeOf(dead)).toMatchObject({ mode: 'now', outcome: 'dispatched', error: null, claimed: true });
    const published = await waitFor(
      () => services().publishing.status({ id: userId }, dead),
      (s) => s.status === 'published' || s.publish_state === 'publish_error',
    );
    expect(published).toMatchObject({ status: 'published', visibility: 'public', host: 'builtin', last_error: null });
    expect(logs).toContain(`assembly.publish-sweep ${dead}: publish now -> dispatched`);

    // The live claim is its run's: untouched, nothing sent for it.
    expect(await outcomeOf(live)).toEqual({ mode: 'now', outcome: 'pending', error: null, claimed: true, claimed_at: liveClaim });
    expect(await publishJobs(live)).toBe(0);

    await sweep();
    await sweep();
    expect(await publishJobs(dead)).toBe(1);
    expect(logs.filter((line) => line.startsWith(`assembly.publish-sweep ${dead}`))).toHaveLength(1);
  }, 60_000);

  it('publishes an episode whose job died after the render, before taking the step, once its render is older than the lease', async () => {
    const never = await leftPending('Never claimed', null);
    await Promise.all([sweep(), sweep()]);
    expect(await outcomeOf(never)).toMatchObject({ outcome: 'dispatched' });
    await waitFor(
      () => services().publishing.status({ id: userId }, never),
      (s) => s.status === 'published',
    );
    expect(await publishJobs(never)).toBe(1);
  }, 60_000);

  it('leaves alone an episode rendered a moment ago whose job has not taken the step yet', async () => {
    const fresh = await seedAssembledEpisode(
      orm,
      new LocalStorage(storage.dir),
      files.dir,
      { userId, podcastId },
      { title: 'Just rendered' },
    );
    await sql(`update episodes set assembly_status = 'done', publish_mode = 'now', publish_outcome = ?::jsonb where id = ?`, [
      JSON.stringify({ mode: 'now', outcome: 'pending', error: null }),
      fresh.id,
    ]);
    await sweep();
    expect(await outcomeOf(fresh.id)).toEqual({ mode: 'now', outcome: 'pending', error: null });
    expect(await publishJobs(fresh.id)).toBe(0);
  }, 30_000);
});
