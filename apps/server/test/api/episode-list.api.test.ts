/**
 * The episode list reads plain rows (only the columns it shows); each item must be exactly the
 * episode the single read gives, for episodes in every shape the list meets.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { tempDir } from '../support/audio-files.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { uploadWithTranscript } from '../support/transcripts.ts';
import { twoUsers, type TestServer } from '../support/http.ts';
import { rawRequest } from '../support/raw-http.ts';

let orm: MikroORM;
let api: TestServer;
let a: { id: string; token: string };
let admin: { id: string; token: string };
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };

beforeAll(async () => {
  storage = tempDir('ppp-list-storage-');
  files = tempDir('ppp-list-files-');
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir }));
  const users = await twoUsers(api);
  a = users.user;
  admin = users.admin;
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  storage.remove();
  files.remove();
});

const ZItem = z.object({ id: z.string() }).passthrough();
/** Signed URLs carry their expiry second; the rest of each must be the same. */
const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/expires=\d+&sig=[\w-]+/g, 'signed'));

describe('GET /api/episodes/ (lean rows)', () => {
  it('gives each episode exactly as GET /api/episodes/{id} does: editable, covers, audio, tags, dates', async () => {
    const disk = new LocalStorage(storage.dir);
    const show = await seedShow(orm, disk, a.id, 'Lean Show', coverPng(files.dir, 1400));
    const plain = await seedAssembledEpisode(orm, disk, files.dir, { userId: a.id, podcastId: show }, { title: 'Plain' });
    const edited = await seedAssembledEpisode(orm, disk, files.dir, { userId: a.id, podcastId: show }, { title: 'Edited' });
    const draft = await seedAssembledEpisode(
      orm,
      disk,
      files.dir,
      { userId: a.id, podcastId: show },
      { title: 'No audio', withAudio: false },
    );
    const em = orm.em.fork();
    const row = await em.findOneOrFail(EpisodeSchema, { id: edited.id });
    Object.assign(row, {
      edl: { segments: [], cuts: [], inserts: [], beds: [] } as unknown as typeof row.edl,
      tags: ['one', 'two'],
      publishAt: new Date('2026-12-01T10:00:00Z'),
      season: 2,
      episodeNumber: 7,
      coverCrop: { x: 1, y: 2, width: 3, height: 4 },
    });
    await em.flush();

    const list = z
      .object({ items: z.array(ZItem), total: z.number() })
      .parse((await api.request('GET', '/api/episodes/?limit=500', { token: a.token })).body);
    expect(list.total).toBe(3);
    expect(list.items.map((item) => item.id)).toEqual([draft.id, edited.id, plain.id]);
    for (const item of list.items) {
      const one = (await api.request('GET', `/api/episodes/${item.id}`, { token: a.token })).body;
      expect(unsigned(item)).toEqual(unsigned(one));
    }
    const editedItem = list.items.find((item) => item.id === edited.id);
    expect(editedItem).toMatchObject({ editable: true, tags: ['one', 'two'], season_number: 2, episode_number: 7 });
    expect(list.items.find((item) => item.id === plain.id)).toMatchObject({ editable: false });
  });

  it('carries the fields of spec 001 §3 (issue 19) in the list and the single read alike, each answering what it names', async () => {
    const disk = new LocalStorage(storage.dir);
    const show = await seedShow(orm, disk, a.id, 'Fields Show', null);
    const owner = { userId: a.id, podcastId: show };
    const upload = await uploadWithTranscript(orm, a.id, 'aa11-fields-talk.mp3', ['Hello there, this is the talk.']);
    const live = await seedAssembledEpisode(orm, disk, files.dir, owner, {
      title: 'Live',
      status: 'published',
      publishAt: new Date(Date.now() - 60_000),
    });
    const draft = await seedAssembledEpisode(orm, disk, files.dir, owner, { title: 'Draft' });
    const imported = await seedAssembledEpisode(orm, disk, files.dir, owner, { title: 'Imported', withAudio: false });
    const em = orm.em.fork();
    await em.nativeUpdate(EpisodeSchema, { id: { $in: [live.id, draft.id] } }, { sourceMedia: upload });
    await em.nativeUpdate(EpisodeSchema, { id: imported.id }, { sourceAudioUrl: 'https://host.example/imported.mp3' });

    const list = z
      .object({ items: z.array(ZItem) })
      .parse((await api.request('GET', `/api/episodes/?limit=500&podcast_id=${show}`, { token: a.token })).body).items;
    const byTitle = (title: string): Record<string, unknown> => list.find((item) => item.title === title) ?? {};
    for (const item of list)
      expect(unsigned(item)).toEqual(unsigned((await api.request('GET', `/api/episodes/${item.id}`, { token: a.token })).body));
    const meta = {
      working_audio_name: 'aa11-fields-talk.mp3',
      main_content_filename: 'aa11-fields-talk.mp3',
      uploaded_filename: 'aa11-fields-talk.mp3',
    };
    expect(byTitle('Live')).toMatchObject({
      final_audio_path: `/api/episodes/${live.id}/audio`,
      stream_url: null,
      public_url: expect.stringMatching(new RegExp(`/feeds/${show}/episodes/${live.id}\\.mp3$`)),
      transcript_url: expect.stringMatching(new RegExp(`^/api/episodes/${live.id}/transcript\\?expires=\\d+&sig=`)),
      working_audio_name: 'aa11-fields-talk.mp3',
      meta_json: meta,
      cover_image_path: null,
    });
    expect(byTitle('Draft')).toMatchObject({
      final_audio_path: `/api/episodes/${draft.id}/audio`,
      public_url: null,
      transcript_url: expect.stringMatching(new RegExp(`^/api/episodes/${draft.id}/transcript\\?expires=\\d+&sig=`)),
      meta_json: meta,
    });
    expect(byTitle('Imported')).toMatchObject({
      final_audio_path: null,
      stream_url: 'https://host.example/imported.mp3',
      playback_type: 'stream',
      public_url: null,
      transcript_url: null,
      working_audio_name: null,
      meta_json: { working_audio_name: null, main_content_filename: null, uploaded_filename: null },
    });

    // The tRPC twin carries the same fields.
    const twin = (await api.trpc(a.token).episodes.page.query({ podcast_id: show })).items.find((item) => item.title === 'Live');
    expect(twin).toMatchObject({
      final_audio_path: `/api/episodes/${live.id}/audio`,
      working_audio_name: 'aa11-fields-talk.mp3',
      meta_json: meta,
    });
    expect(twin?.public_url).toBe(byTitle('Live').public_url);

    // Each path answers: the audio to its owner's bearer, the feed's copy publicly, the transcript by its signature only.
    const live_ = z.object({ public_url: z.string(), transcript_url: z.string() }).parse(byTitle('Live'));
    const draftTranscript = z.string().parse(byTitle('Draft').transcript_url);
    const audio = await fetch(`${api.baseUrl}/api/episodes/${live.id}/audio`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect((await fetch(`${api.baseUrl}${new URL(live_.public_url).pathname}`)).status).toBe(200);
    const signed = await fetch(`${api.baseUrl}${draftTranscript}`);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toContain('application/json');
    expect(JSON.stringify(await signed.json())).toContain('talk.');
    expect((await fetch(`${api.baseUrl}${live_.transcript_url}`)).status).toBe(200);
    expect((await fetch(`${api.baseUrl}${draftTranscript.replace(/sig=[\w-]+/, 'sig=tampered')}`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/api/episodes/${draft.id}/transcript`)).status).toBe(404);
    expect((await api.request('GET', `/api/episodes/${draft.id}/transcript`, { token: a.token })).status).toBe(200);
    expect((await api.request('GET', `/api/episodes/${draft.id}/transcript`, { token: admin.token })).status).toBe(404);
  });

  it('answers 304 to an unchanged list and the new list once an episode changes', async () => {
    const list = (headers: Record<string, string> = {}) => api.request('GET', '/api/episodes/?limit=500', { token: a.token, headers });
    const first = await list();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    let tag = first.headers.get('etag') ?? '';
    expect(tag).not.toBe('');
    // Signed URLs move to a new expiry every few minutes; a pair of calls across that step differs once.
    let again = await list({ 'if-none-match': tag });
    if (again.status === 200) {
      tag = again.headers.get('etag') ?? '';
      again = await list({ 'if-none-match': tag });
    }
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const ids = z
      .object({ items: z.array(ZItem) })
      .parse(first.body)
      .items.map((item) => item.id);
    expect((await api.request('PATCH', `/api/episodes/${ids[0]}`, { token: a.token, json: { title: 'Renamed' } })).status).toBe(200);
    const changed = await list({ 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(JSON.stringify(changed.body)).toContain('Renamed');
  });

  it('sends the kept page gzipped to a client that accepts it: the same JSON, the weak form of its validator', async () => {
    const raw = (headers: Record<string, string>) =>
      rawRequest(`${api.baseUrl}/api/episodes/?limit=500`, { authorization: `Bearer ${a.token}`, ...headers });
    // Signed URLs move to a new expiry every few minutes; a pair of calls across that step differs once.
    let plain = await raw({});
    let zipped = await raw({ 'accept-encoding': 'gzip, deflate, br' });
    if (zipped.headers.etag !== `W/${plain.headers.etag}`) {
      plain = await raw({});
      zipped = await raw({ 'accept-encoding': 'gzip, deflate, br' });
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag}`);
    expect((await raw({ 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag ?? '' })).status).toBe(304);
    expect((await raw({ 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('is kept between calls, yet shows at once what any write changed, to its owner only', async () => {
    const disk = new LocalStorage(storage.dir);
    const show = await seedShow(orm, disk, a.id, 'Kept Show', coverPng(files.dir, 1400));
    const kept = await seedAssembledEpisode(orm, disk, files.dir, { userId: a.id, podcastId: show }, { title: 'Kept' });
    const ZPage = z.object({ items: z.array(ZItem), total: z.number() });
    const page = async (token = a.token) => ZPage.parse((await api.request('GET', '/api/episodes/?limit=500', { token })).body);
    const item = async () => (await page()).items.find((one) => one.id === kept.id);
    const sql = (query: string, params: unknown[]) => orm.em.getConnection().execute(query, params);
    const before = await page();
    expect(await item()).toMatchObject({ title: 'Kept', plays_total: 0, podcast_name: 'Kept Show' });

    // Writes that go around the services (a job's SQL, another server) are seen on the next call.
    await sql('update episodes set plays_total = 42 where id = ?', [kept.id]);
    expect(await item()).toMatchObject({ plays_total: 42 });
    await sql('update podcasts set name = ? where id = ?', ['Renamed Show', show]);
    expect(await item()).toMatchObject({ podcast_name: 'Renamed Show' });
    await sql(`update episodes set status = 'error' where id = ?`, [kept.id]);
    expect(await item()).toMatchObject({ status: 'error', retry_available: true });

    // The tRPC twin answers the same page.
    const twin = await api.trpc(a.token).episodes.page.query({ limit: 500, offset: 0 });
    expect(unsigned(twin)).toEqual(unsigned((await api.request('GET', '/api/episodes/?limit=500', { token: a.token })).body));

    // Another user's list is theirs alone, whatever A has kept.
    const theirShow = await seedShow(orm, disk, admin.id, 'Their Show', null);
    await seedAssembledEpisode(orm, disk, files.dir, { userId: admin.id, podcastId: theirShow }, { title: 'Theirs' });
    const theirs = await page(admin.token);
    expect(theirs.items.map((one) => one.title)).toEqual(['Theirs']);
    expect((await page()).items.map((one) => one.title)).not.toContain('Theirs');

    await sql('delete from episodes where id = ?', [kept.id]);
    const after = await page();
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((one) => one.id)).not.toContain(kept.id);
  });
});
