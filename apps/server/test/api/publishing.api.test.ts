/**
 * Publish, schedule, unpublish, republish and publish-all over REST with two users, on the built-in
 * host. The publish.episode job's work is run here through the same runner the worker calls (the
 * worker's own tests run it through pg-boss).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { TRPCClientError } from '@trpc/client';
import { PODCAST_MESSAGES, PUBLISH_MESSAGES } from '@ppp/contracts';
import { EpisodeSchema, type Episode } from '../../src/domain/episodes/episode.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import type { TConfig } from '../../src/config.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { servicesFor } from '../support/fixtures.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let config: TConfig;
let a: { token: string; id: string };
let b: { token: string; id: string };
let aId: string;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let store: LocalStorage;
let cover: string;
const HOUR = 3_600_000;

const ZStatus = z.object({
  episode_id: z.string(),
  status: z.string(),
  publish_state: z.string().nullable(),
  visibility: z.string(),
  publish_at: z.string().nullable(),
  publish_at_local: z.string().nullable(),
  host: z.string(),
  host_episode_id: z.string().nullable(),
  spreaker_episode_id: z.string().nullable(),
  last_error: z.string().nullable(),
  audio_url: z.string().nullable(),
  feed_url: z.string().nullable(),
});

const ZEpisodeList = z.object({ items: z.array(z.object({ id: z.string(), status: z.string(), visibility: z.string() })) });

const post = (path: string, json: unknown = {}, token = a.token) => api.request('POST', path, { token, json });
const statusOf = async (id: string, token = a.token) =>
  ZStatus.parse((await api.request('GET', `/api/episodes/${id}/publish/status`, { token })).body);
/** What the worker's publish.episode job does, on this test's database. */
const runJob = (episodeId: string, publishAt: string | null = null, goLive = false) =>
  servicesFor(orm, config).publishRunner.run({ episode_id: episodeId, publish_at: publishAt, go_live: goLive }, { final: false });
const row = (id: string) => orm.em.fork().findOneOrFail(EpisodeSchema, { id });
const feedOf = async (showId: string) => (await fetch(`${api.baseUrl}/feeds/${showId}.xml`)).text();

async function newShow(name: string, withCover = true) {
  const showId = await seedShow(orm, store, aId, name, withCover ? cover : null);
  return {
    showId,
    episode: (opts: Parameters<typeof seedAssembledEpisode>[4] = {}): Promise<Episode> =>
      seedAssembledEpisode(orm, store, files.dir, { userId: aId, podcastId: showId }, opts),
  };
}

/** The next 5-minute mark at least `leadMs` ahead. */
function slot(leadMs: number): Date {
  const step = 5 * 60_000;
  return new Date(Math.ceil((Date.now() + leadMs) / step) * step);
}

beforeAll(async () => {
  storage = tempDir('ppp-publish-storage-');
  files = tempDir('ppp-publish-files-');
  store = new LocalStorage(storage.dir);
  cover = coverPng(files.dir);
  ({ orm, api, config } = await startApiBed({ STORAGE_DIR: storage.dir }));
  ({ admin: a, user: b } = await twoUsers(api));
  aId = a.id;
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

describe('publish now', () => {
  it('queues, publishes once however often it is clicked or run, and lists the episode in the feed', async () => {
    const { showId, episode } = await newShow('Now Show');
    const ep = await episode({ title: 'Fresh episode' });
    const [first, second] = await Promise.all([
      post(`/api/episodes/${ep.id}/publish`, { publish_state: 'public' }),
      post(`/api/episodes/${ep.id}/publish`, { publish_state: 'public' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(ZStatus.parse(first.body)).toMatchObject({
      status: 'processed',
      publish_state: 'queued',
      host: 'builtin',
      spreaker_episode_id: null,
    });

    // Two workers picking up the job at once: one publishes, the other finds nothing left to do.
    const outcomes = await Promise.all([runJob(ep.id), runJob(ep.id), runJob(ep.id)]);
    expect(outcomes.filter((o) => o === 'published')).toHaveLength(1);
    const status = await statusOf(ep.id);
    expect(status).toMatchObject({
      status: 'published',
      publish_state: 'published',
      host_episode_id: ep.id,
      last_error: null,
      feed_url: `http://localhost:3000/feeds/${showId}.xml`,
    });
    expect(status.audio_url).toBe(`http://localhost:3000/feeds/${showId}/episodes/${ep.id}.mp3`);
    expect(Date.now() - Date.parse(status.publish_at ?? '')).toBeLessThan(60_000);
    const xml = await feedOf(showId);
    expect(xml.match(/<item>/g), xml).toHaveLength(1);

    // Publishing a published episode again is a no-op; a visibility change is applied.
    const again = ZStatus.parse((await post(`/api/episodes/${ep.id}/publish`, { publish_state: 'limited' })).body);
    expect(again).toMatchObject({ status: 'published', visibility: 'limited' });
    expect(await feedOf(showId)).not.toContain('<item>');
  });

  it('refuses an episode without assembled audio and keeps other users out', async () => {
    const { episode } = await newShow('Empty Show');
    const silent = await episode({ withAudio: false });
    const res = await post(`/api/episodes/${silent.id}/publish`, {});
    expect(res).toMatchObject({ status: 425, body: { detail: PUBLISH_MESSAGES.assembledRequired } });
    const ready = await episode();
    for (const path of [
      `/api/episodes/${ready.id}/publish`,
      `/api/episodes/${ready.id}/unpublish`,
      `/api/episodes/${ready.id}/republish`,
    ]) {
      expect((await post(path, {}, b.token)).status).toBe(404);
    }
    expect((await api.request('GET', `/api/episodes/${ready.id}/publish/status`, { token: b.token })).status).toBe(404);
    expect((await row(ready.id)).publishState).toBeNull();
  });

  it('fails with a clear publish_error when the feed check fails, and republishes once it is fixed', async () => {
    const { showId, episode } = await newShow('Coverless Show', false);
    const ep = await episode();
    await post(`/api/episodes/${ep.id}/publish`, {});
    expect(await runJob(ep.id)).toBe('failed');
    const failed = await statusOf(ep.id);
    expect(failed).toMatchObject({ status: 'processed', publish_state: 'publish_error', host_episode_id: null });
    expect(failed.last_error).toBe('Add cover art: square, at least 1400x1400, png or jpeg.');

    const form = new FormData();
    form.append('cover_image', new Blob([readFileSync(cover)]), 'cover.png');
    form.append('name', 'Coverless Show');
    form.append('description', 'All about Coverless Show.');
    form.append('category_id', 'Technology');
    form.append('owner_email', 'ada@example.com');
    const fixed = await fetch(`${api.baseUrl}/api/podcasts/${showId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(fixed.status).toBe(200);
    const retried = ZStatus.parse((await post(`/api/episodes/${ep.id}/republish`)).body);
    expect(retried).toMatchObject({ publish_state: 'queued', last_error: null });
    expect(await runJob(ep.id)).toBe('published');
    expect((await post(`/api/episodes/${ep.id}/republish`)).status).toBe(409);
  });
});

describe('schedule', () => {
  it('checks the time with the spec’s messages', async () => {
    const { episode } = await newShow('Schedule Rules Show');
    const ep = await episode();
    const cases: [unknown, string][] = [
      [{ mode: 'schedule' }, PUBLISH_MESSAGES.dateTimeRequired],
      [{ publish_state: 'unpublished', publish_at: 'next tuesday' }, PUBLISH_MESSAGES.invalidDateTime],
      [{ publish_state: 'unpublished', publish_at: new Date(Date.now() + 30_000).toISOString() }, PUBLISH_MESSAGES.scheduleLead],
      [
        { publish_state: 'unpublished', publish_at: new Date(slot(10 * 60_000).getTime() + 60_000).toISOString() },
        PUBLISH_MESSAGES.scheduleStep,
      ],
    ];
    for (const [body, message] of cases)
      expect(await post(`/api/episodes/${ep.id}/publish`, body)).toMatchObject({ status: 422, body: { detail: message } });
  });

  it('schedules as unpublished plus publish_at, lists the episode only from its time, and goes live at it', async () => {
    const { showId, episode } = await newShow('Scheduled Show');
    const ep = await episode({ title: 'Tomorrow episode' });
    const at = slot(10 * 60_000);
    const res = await post(`/api/episodes/${ep.id}/publish`, {
      publish_state: 'unpublished',
      publish_at: at.toISOString().replace('.000Z', 'Z'),
      publish_at_local: 'Friday 09:00 (Europe/Paris)',
    });
    expect(ZStatus.parse(res.body)).toMatchObject({
      status: 'scheduled',
      publish_state: 'queued',
      publish_at: at.toISOString(),
      publish_at_local: 'Friday 09:00 (Europe/Paris)',
    });
    expect(await runJob(ep.id, at.toISOString())).toBe('scheduled');
    expect(await statusOf(ep.id)).toMatchObject({ status: 'scheduled', host_episode_id: ep.id, publish_state: null });
    expect(await feedOf(showId)).not.toContain('Tomorrow episode');
    // A go-live job for another time (the schedule moved) does nothing.
    expect(await runJob(ep.id, new Date(at.getTime() + 300_000).toISOString(), true)).toBe('stale');

    // Its time comes: the feed lists it even before the job runs, and the job marks it published.
    await orm.em
      .fork()
      .getConnection()
      .execute('update episodes set publish_at = ? where id = ?', [new Date(Date.now() - 1000), ep.id]);
    expect(await feedOf(showId)).toContain('Tomorrow episode');
    const due = (await row(ep.id)).publishAt!.toISOString();
    expect(await runJob(ep.id, due, true)).toBe('published');
    expect(await statusOf(ep.id)).toMatchObject({ status: 'published', publish_state: 'published' });
  });
});

describe('unpublish', () => {
  it('unpublishes scheduled and recently published episodes, and answers 409 with the force option otherwise', async () => {
    const { showId, episode } = await newShow('Unpublish Show');
    const old = await episode({ title: 'Old one', status: 'published', publishAt: new Date(Date.now() - 48 * HOUR) });
    const recent = await episode({ title: 'Recent one', status: 'published', publishAt: new Date(Date.now() - 23 * HOUR) });
    const later = await episode({ title: 'Later one', status: 'scheduled', publishAt: new Date(Date.now() + HOUR) });
    const draft = await episode({ title: 'Draft one' });

    const refused = await post(`/api/episodes/${old.id}/unpublish`, { force: false });
    expect(refused).toMatchObject({ status: 409, body: { detail: PODCAST_MESSAGES.forceUnpublish, code: 'CONFLICT' } });
    expect(await feedOf(showId)).toContain('Old one');
    const forced = ZStatus.parse((await post(`/api/episodes/${old.id}/unpublish`, { force: true })).body);
    expect(forced).toMatchObject({ status: 'processed', publish_at: null, host_episode_id: null, publish_state: null });

    expect(ZStatus.parse((await post(`/api/episodes/${recent.id}/unpublish`, {})).body).status).toBe('processed');
    expect(ZStatus.parse((await post(`/api/episodes/${later.id}/unpublish`, {})).body)).toMatchObject({
      status: 'processed',
      publish_at: null,
    });
    expect((await post(`/api/episodes/${draft.id}/unpublish`, {})).status).toBe(400);
    const feed = await feedOf(showId);
    for (const title of ['Old one', 'Recent one', 'Later one']) expect(feed).not.toContain(title);
  });
});

describe('publish-all', () => {
  it('needs at least 2 unpublished episodes, and reports started and skipped ones', async () => {
    const lonely = await newShow('Lonely Show');
    await lonely.episode();
    expect(await post(`/api/podcasts/${lonely.showId}/publish-all`, {})).toMatchObject({
      status: 400,
      body: { detail: PUBLISH_MESSAGES.publishAllMin },
    });

    const busy = await newShow('Busy Show');
    const one = await busy.episode({ title: 'One' });
    const two = await busy.episode({ title: 'Two' });
    await busy.episode({ title: 'No audio', withAudio: false });
    const linked = await busy.episode({ title: 'Linked' });
    await orm.em
      .fork()
      .getConnection()
      .execute(`update episodes set host_episode_id = 'old-host-id', host_kind = 'spreaker' where id = ?`, [linked.id]);
    await busy.episode({ title: 'Already live', status: 'published', publishAt: new Date() });

    const res = await post(`/api/podcasts/${busy.showId}/publish-all`, { publish_state: 'public', include_already_linked: false });
    expect(res.body).toEqual({ started: 2, skipped_no_audio: 1, skipped_already_linked: 1, errors: [] });
    for (const ep of [one, two]) expect(await statusOf(ep.id)).toMatchObject({ publish_state: 'queued' });
    expect((await post(`/api/podcasts/${busy.showId}/publish-all`, {}, b.token)).status).toBe(404);
  });

  it('queues nothing on a show the feed check refuses, and lists every episode with the reason', async () => {
    const bare = await newShow('Show Without Cover', false);
    const first = await bare.episode({ title: 'First' });
    const second = await bare.episode({ title: 'Second' });
    const res = await post(`/api/podcasts/${bare.showId}/publish-all`, {});
    const body = z
      .object({ started: z.number(), errors: z.array(z.object({ episode_id: z.string(), error: z.string() })) })
      .parse(res.body);
    expect(body.started).toBe(0);
    expect(body.errors.map((e) => e.episode_id).sort()).toEqual([first.id, second.id].sort());
    expect(body.errors[0]?.error).toMatch(/^The show is not ready to publish: .*[Cc]over.* Fix it in My Podcasts, then publish again\.$/);
    for (const ep of [first, second]) expect(await statusOf(ep.id)).not.toMatchObject({ publish_state: 'queued' });
  });
});

describe('visibility', () => {
  const trpcError = (err: unknown) =>
    err instanceof TRPCClientError ? { status: (err.data as { httpStatus?: number } | undefined)?.httpStatus, message: err.message } : null;
  const listed = async (id: string) => {
    const page = ZEpisodeList.parse((await api.request('GET', '/api/episodes/?limit=500', { token: a.token })).body);
    return page.items.find((item) => item.id === id);
  };

  it('a draft published with no change is in the feed, and the list shows its visibility', async () => {
    const { showId, episode } = await newShow('Visible Show');
    const draft = await episode({ title: 'A plain draft' });
    expect(await listed(draft.id)).toMatchObject({ status: 'processed', visibility: 'public' });
    expect((await post(`/api/episodes/${draft.id}/publish`, { mode: 'now' })).status).toBe(200);
    await runJob(draft.id);
    expect(await statusOf(draft.id)).toMatchObject({ status: 'published', visibility: 'public' });
    expect(await feedOf(showId)).toContain('A plain draft');
  });

  it('is kept on a draft for its publish and applied at once to a published episode; never by another user', async () => {
    const { showId, episode } = await newShow('Private Show');
    const draft = await episode({ title: 'Kept private' });
    const mine = api.trpc(a.token);
    expect(await mine.publishing.setVisibility.mutate({ id: draft.id, visibility: 'unpublished' })).toMatchObject({
      status: 'processed',
      visibility: 'unpublished',
    });
    expect(await listed(draft.id)).toMatchObject({ visibility: 'unpublished' });
    await post(`/api/episodes/${draft.id}/publish`, { mode: 'now' });
    await runJob(draft.id);
    expect(await statusOf(draft.id)).toMatchObject({ status: 'published', visibility: 'unpublished' });
    expect(await feedOf(showId)).not.toContain('Kept private');

    // B can neither change it nor learn that it exists; A's episode is untouched.
    const refused = await api
      .trpc(b.token)
      .publishing.setVisibility.mutate({ id: draft.id, visibility: 'public' })
      .catch((e: unknown) => e);
    expect(trpcError(refused)).toMatchObject({ status: 404 });
    expect((await row(draft.id)).visibility).toBe('unpublished');

    await mine.publishing.setVisibility.mutate({ id: draft.id, visibility: 'public' });
    expect(await feedOf(showId)).toContain('Kept private');
  });

  it('is refused with a reason for a scheduled episode and one still rendering, changing nothing', async () => {
    const { episode } = await newShow('Locked Show');
    const scheduled = await episode({ status: 'scheduled', publishAt: new Date(Date.now() + HOUR) });
    const rendering = await episode({ status: 'processing', withAudio: false });
    const mine = api.trpc(a.token);
    for (const [ep, message] of [
      [scheduled, PUBLISH_MESSAGES.visibilityWhileScheduled],
      [rendering, PUBLISH_MESSAGES.visibilityNotReady],
    ] as const) {
      const err = await mine.publishing.setVisibility.mutate({ id: ep.id, visibility: 'limited' }).catch((e: unknown) => e);
      expect(trpcError(err)).toEqual({ status: 409, message });
      expect((await row(ep.id)).visibility).toBe('public');
    }
  });
});
