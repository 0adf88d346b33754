import { ZLinkSpreakerShowRequest } from '@ppp/contracts';
/**
 * publish.episode through pg-boss on a real PostgreSQL, real files, and Spreaker's stand-in:
 * - publish now on the built-in host ends with the episode in the show's feed;
 * - a double click (two publish calls at once, two jobs) leaves exactly one episode on Spreaker;
 * - a worker that dies between the upload and recording it is retried by pg-boss without a duplicate;
 * - a scheduled go-live waits in PostgreSQL across a worker restart and runs at its time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coverPng, SpreakerSandbox } from '@ppp/server/test-support';
import { PgBossJobQueue, publishTestHooks } from '@ppp/server/domain';
import { workerBed } from './support/worker-bed.ts';

const sandbox = new SpreakerSandbox();
// Spreaker's stand-in is up before the bed reads its address, and stopped once the bed is closed.
beforeAll(() => sandbox.start());
afterAll(() => sandbox.stop());
const bed = workerBed({
  name: 'ppp-publish-worker',
  concurrency: 2,
  env: ({ files }) => ({
    DATA_DIR: files,
    SPREAKER_CLIENT_ID: 'ppp-app',
    SPREAKER_CLIENT_SECRET: 'ppp-secret',
    SPREAKER_BASE_URL: sandbox.origin,
  }),
});
const { services, logs } = bed;
const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) => bed.waitFor(read, done, timeoutMs, 200);
let userId: string;
let cover: string;

const statusOf = (episodeId: string) => services().publishing.status({ id: userId }, episodeId);

async function spreakerShow(name: string) {
  const podcastId = await bed.show(userId, name, cover);
  const remote = sandbox.addShow(name);
  await services().hostShows.link({ id: userId }, podcastId, ZLinkSpreakerShowRequest.parse({ show_id: remote.show_id }));
  return { podcastId, remote };
}

beforeAll(async () => {
  cover = coverPng(bed.files.dir);
  userId = (await bed.newUser('publisher')).id;
  // Connect Spreaker the way the popup does: a ticket, the start (its state, kept in the browser's cookie), then the code exchange.
  const start = await services().spreaker.startConnect((await services().spreaker.connectTicket({ id: userId })).ticket);
  await services().spreaker.finishConnect('code', start.state, start.state);
});
afterEach(() => {
  publishTestHooks.afterUpload = null;
  sandbox.uploadDelayMs = 0;
});

describe('publish.episode', () => {
  it('publishes to the built-in host and the episode appears in the feed', async () => {
    const podcastId = await bed.show(userId, 'Builtin Worker Show', cover);
    const episode = await bed.assembledEpisode({ userId, podcastId }, { title: 'Worker published' });
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
    const episode = await bed.assembledEpisode({ userId, podcastId }, { title: 'Clicked twice' });
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
    const episode = await bed.assembledEpisode({ userId, podcastId }, { title: 'Survives a crash' });
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
    const podcastId = await bed.show(userId, 'Scheduled Worker Show', cover);
    const episode = await bed.assembledEpisode({ userId, podcastId }, { title: 'Goes live later' });
    const at = new Date(Date.now() + 3_000);
    // As the schedule's upload leaves it: scheduled, on the host, waiting for its time.
    await bed.sql(
      `update episodes set status = 'scheduled', publish_at = ?, host_episode_id = id::text, host_kind = 'builtin' where id = ?`,
      [at, episode.id],
    );
    await new PgBossJobQueue({ boss: bed.worker!.boss }).send(
      'publish.episode',
      { episode_id: episode.id, publish_at: at.toISOString(), go_live: true },
      { startAfter: at },
    );
    await bed.worker?.stop();
    await new Promise((r) => setTimeout(r, 4_000));
    await bed.runWorker();
    const status = await waitFor(
      () => statusOf(episode.id),
      (s) => s.status === 'published',
    );
    expect(status).toMatchObject({ status: 'published', publish_state: 'published' });
    expect(status.publish_at?.toISOString()).toBe(at.toISOString());
  });
});
