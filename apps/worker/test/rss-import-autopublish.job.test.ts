import { ZLinkSpreakerShowRequest } from '@ppp/contracts';
/**
 * auto_publish_to_spreaker (issue 9) through pg-boss on a real PostgreSQL, with the feed and its audio
 * from a local server and Spreaker's stand-in (SpreakerSandbox):
 * - a show not linked to Spreaker: auto_publish_started stays false and nothing reaches Spreaker;
 * - the same show once linked, imported again with auto-publish: after rss.mirror has fetched the
 *   audio, publish.episode uploads each imported episode once (title, audio, the visibility asked
 *   for), and the episodes keep their original dates;
 * - re-running the mirror job, a restart that lost the started flag and a third import upload nothing twice;
 * - an episode a run that died inside auto-publish left queued with no job is left alone inside the
 *   lease, then claimed by the mirror job's retry once it has passed and uploaded once;
 * - another user sees none of it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRssImportResult } from '@ppp/contracts';
import { buildFeed, SpreakerSandbox, startFeedServer, toneFile, type FeedServer } from '@ppp/server/test-support';
import { PgBossJobQueue, type User } from '@ppp/server/domain';
import { EpisodeSchema } from '../../server/src/domain/episodes/episode.entity.ts';
import { PUBLISH_MARK_LEASE_MS } from '../../server/src/domain/publishing/publish-jobs.ts';
import { workerBed } from './support/worker-bed.ts';

const sandbox = new SpreakerSandbox();
let feeds: FeedServer;
// Spreaker's stand-in is up before the bed reads its address; it and the feed server stop once the bed is closed.
beforeAll(() => sandbox.start());
afterAll(async () => {
  await feeds?.close();
  await sandbox.stop();
});
const bed = workerBed({
  name: 'ppp-autopublish',
  concurrency: 2,
  env: () => ({
    IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    SPREAKER_CLIENT_ID: 'ppp-app',
    SPREAKER_CLIENT_SECRET: 'ppp-secret',
    SPREAKER_BASE_URL: sandbox.origin,
  }),
});
const { services, sql } = bed;
const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean) => bed.waitFor(read, done, 45_000, 200);
let mp3: Buffer;
let a: User;
let b: User;

// Publishing to Spreaker on its own is a Creator feature (spec 002 §9).
const newUser = (label: string) => bed.newUser(label, 'creator');

/** POST /api/import/rss's service call, then the import's jobs run by the worker to the end. */
async function importFeed(
  user: User,
  publishState: 'public' | 'unpublished' = 'public',
): Promise<{ started: TRssImportResult; done: TRssImportResult }> {
  const started = await services().rssImport.start(user, {
    rss_url: `${feeds.origin}/show/feed.rss`,
    attempt_link_spreaker: true,
    auto_publish_to_spreaker: true,
    publish_state: publishState,
  });
  const done = await waitFor(
    () => services().rssImport.get(user, started.import_id),
    (s) => s.status === 'done' || s.status === 'failed',
  );
  return { started, done };
}

/** The feed with `count` episodes, each with its own audio file on the local server. */
function serveFeed(count: number): void {
  for (let n = 1; n <= count; n++) feeds.routes.set(`/show/${n}.mp3`, { body: mp3, type: 'audio/mpeg' });
  const items = Array.from({ length: count }, (_, k) => {
    const n = count - k;
    return {
      guid: `episode-${n}`,
      title: `Episode ${n}`,
      pubDate: new Date(Date.UTC(2024, 0, n)),
      audioUrl: `${feeds.origin}/show/${n}.mp3`,
    };
  });
  feeds.routes.set('/show/feed.rss', { body: buildFeed({ title: 'Moving Show' }, items) });
}

const episodeRows = (podcastId: string) =>
  bed.orm.em.fork().find(EpisodeSchema, { podcast: podcastId }, { orderBy: { publishAt: 'desc' } });

beforeAll(async () => {
  feeds = await startFeedServer();
  mp3 = readFileSync(toneFile(bed.files.dir, 'tone.mp3', 1));
  a = await newUser('mover');
  b = await newUser('bystander');
  // A connects Spreaker the way the OAuth callback does: a signed state, then the code exchange.
  const start = await services().spreaker.startConnect((await services().spreaker.connectTicket({ id: a.id })).ticket);
  await services().spreaker.finishConnect('code', start.state, start.state);
}, 60_000);

describe('auto-publish an imported show to Spreaker', () => {
  let podcastId = '';
  let importId = '';
  let remoteShow = 0;

  it('a show not linked to Spreaker: auto_publish_started false and nothing is sent', async () => {
    serveFeed(2);
    const { started, done } = await importFeed(a);
    podcastId = started.podcast_id ?? '';
    // Not a Spreaker feed, so no link was attempted; the show stays on the built-in host.
    expect(done).toMatchObject({
      status: 'done',
      episodes_imported: 2,
      mirrored_count: 2,
      spreaker_attempted: false,
      spreaker_linked: false,
      auto_publish_started: false,
    });
    expect((await episodeRows(podcastId)).map((e) => [e.status, e.mirrorStatus, e.publishState ?? null])).toEqual([
      ['published', 'kept', null],
      ['published', 'kept', null],
    ]);
    expect(sandbox.uploadCount).toBe(0);
    expect(sandbox.received.filter((r) => r.method === 'POST' && r.path.endsWith('/episodes'))).toEqual([]);
  }, 60_000);

  it('once the show is linked, an import with auto-publish uploads each imported episode once, with its title and audio', async () => {
    remoteShow = sandbox.addShow('Moving Show').show_id;
    await services().hostShows.link(a, podcastId, ZLinkSpreakerShowRequest.parse({ show_id: remoteShow }));
    serveFeed(3);
    const { started, done } = await importFeed(a, 'unpublished');
    importId = started.import_id;
    // The answer comes before the audio is fetched; publishing starts after the mirror job.
    expect(started).toMatchObject({ podcast_id: podcastId, auto_publish_started: false });
    expect(done).toMatchObject({ status: 'done', episodes_imported: 3, mirrored_count: 1, auto_publish_started: true });

    const rows = await waitFor(
      () => episodeRows(podcastId),
      (list) => list.every((e) => e.publishState === 'published' || e.publishState === 'publish_error'),
    );
    expect(rows.map((e) => [e.title, e.status, e.publishState, e.hostKind, e.publishError ?? null])).toEqual([
      ['Episode 3', 'published', 'published', 'spreaker', null],
      ['Episode 2', 'published', 'published', 'spreaker', null],
      ['Episode 1', 'published', 'published', 'spreaker', null],
    ]);
    // Their dates are the feed's, not the upload's.
    expect(rows.map((e) => e.publishedAt?.toISOString())).toEqual([
      '2024-01-03T00:00:00.000Z',
      '2024-01-02T00:00:00.000Z',
      '2024-01-01T00:00:00.000Z',
    ]);
    const uploaded = sandbox.episodesOf(remoteShow);
    expect(sandbox.uploadCount).toBe(3);
    expect(uploaded.map((e) => e.title).sort()).toEqual(['Episode 1', 'Episode 2', 'Episode 3']);
    expect(uploaded.every((e) => e.media_bytes === mp3.length && e.hidden)).toBe(true);
    // One upload request per episode, each with its title and the mirrored audio as media_file.
    const posts = sandbox.received.filter((r) => r.method === 'POST' && r.path === `/v2/shows/${remoteShow}/episodes`);
    expect(posts.map((r) => [r.fields.title, r.files.media_file?.size]).sort()).toEqual([1, 2, 3].map((n) => [`Episode ${n}`, mp3.length]));
    expect(rows.map((e) => e.hostEpisodeId).sort()).toEqual(uploaded.map((e) => String(e.episode_id)).sort());
    const status = await services().publishing.status(a, rows[0]?.id ?? '');
    expect(status).toMatchObject({ status: 'published', host: 'spreaker', spreaker_episode_id: rows[0]?.hostEpisodeId });
  }, 90_000);

  it('re-running the mirror job, a restart that lost the started flag, and importing again upload nothing twice', async () => {
    const boss = new PgBossJobQueue({ boss: bed.worker!.boss });
    await boss.send('rss.mirror', { import_id: importId });
    // As if the worker died after queuing the uploads but before recording that it had.
    await sql(`update rss_imports set status = 'mirroring', auto_publish_started = false where id = ?`, [importId]);
    await boss.send('rss.mirror', { import_id: importId });
    await waitFor(
      () => services().rssImport.get(a, importId),
      (s) => s.status === 'done',
    );
    const again = await importFeed(a);
    expect(again.done).toMatchObject({ status: 'done', episodes_imported: 3, auto_publish_started: false });
    expect(await services().publishing.queueImported(a.id, podcastId, 'public')).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sandbox.uploadCount).toBe(3);
    expect(sandbox.episodesOf(remoteShow)).toHaveLength(3);
  }, 90_000);

  it("an episode a dead run marked queued without sending its job is uploaded once by the mirror job's retry, after the mark's lease", async () => {
    serveFeed(4);
    // Episode 4 arrives through an import without auto-publish; the rows are then put as a mirror run
    // that died inside auto-publish left them: the episode marked queued with no publish.episode job,
    // the import still mirroring (it is marked done last) and auto-publish not recorded as started.
    const started = await services().rssImport.start(a, {
      rss_url: `${feeds.origin}/show/feed.rss`,
      attempt_link_spreaker: true,
      auto_publish_to_spreaker: false,
      publish_state: 'public',
    });
    await waitFor(
      () => services().rssImport.get(a, started.import_id),
      (s) => s.status === 'done',
    );
    const fourth = (await episodeRows(podcastId)).find((e) => e.title === 'Episode 4');
    if (!fourth?.mirrorKey) throw new Error('Episode 4 not mirrored');
    // Marked a little under the lease ago: the retry waits for the rest of it.
    await sql(`update episodes set publish_state = 'queued', final_audio_key = mirror_key, updated_at = ? where id = ?`, [
      new Date(Date.now() - PUBLISH_MARK_LEASE_MS + 4000),
      fourth.id,
    ]);
    await sql(`update rss_imports set status = 'mirroring', auto_publish_to_spreaker = true, auto_publish_started = false where id = ?`, [
      started.import_id,
    ]);
    const publishJobs = async () =>
      Number(
        (
          await sql<{ n: string }>("select count(*) as n from pgboss.job where name = 'publish.episode' and data->>'episode_id' = ?", [
            fourth.id,
          ])
        )[0]?.n,
      );

    const boss = new PgBossJobQueue({ boss: bed.worker!.boss });
    await boss.send('rss.mirror', { import_id: started.import_id });
    await new Promise((r) => setTimeout(r, 2000));
    // Still inside the lease: not taken yet, and the import not done.
    expect(await publishJobs()).toBe(0);
    expect((await services().rssImport.get(a, started.import_id)).status).toBe('mirroring');

    const done = await waitFor(
      () => services().rssImport.get(a, started.import_id),
      (s) => s.status === 'done',
    );
    expect(done).toMatchObject({ auto_publish_started: true });
    const row = await waitFor(
      () => bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: fourth.id }),
      (e) => e.publishState === 'published' || e.publishState === 'publish_error',
    );
    expect(row).toMatchObject({ status: 'published', publishState: 'published', hostKind: 'spreaker', publishError: null });
    expect(sandbox.uploadCount).toBe(4);
    expect(await publishJobs()).toBe(1);

    // A further retry and another import add nothing.
    await sql(`update rss_imports set status = 'mirroring', auto_publish_started = false where id = ?`, [started.import_id]);
    await boss.send('rss.mirror', { import_id: started.import_id });
    await waitFor(
      () => services().rssImport.get(a, started.import_id),
      (s) => s.status === 'done',
    );
    await importFeed(a);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sandbox.uploadCount).toBe(4);
    expect(sandbox.episodesOf(remoteShow)).toHaveLength(4);
    expect(await publishJobs()).toBe(1);
    serveFeed(3);
  }, 120_000);

  it('another user sees none of it, and their own import publishes nothing without Spreaker', async () => {
    await expect(services().rssImport.get(b, importId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(services().rssImport.episodes(b, podcastId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [first] = await episodeRows(podcastId);
    await expect(services().publishing.status(b, first?.id ?? '')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // B's claim on A's show changes nothing.
    expect(await services().publishing.queueImported(b.id, podcastId, 'public')).toBe(0);

    const uploads = sandbox.uploadCount;
    const own = await importFeed(b);
    expect(own.done).toMatchObject({ status: 'done', episodes_imported: 3, auto_publish_started: false });
    expect(own.done.podcast_id).not.toBe(podcastId);
    expect((await episodeRows(own.done.podcast_id ?? '')).every((e) => e.publishState === null && e.hostEpisodeId === null)).toBe(true);
    expect(sandbox.uploadCount).toBe(uploads);
  }, 60_000);
});
