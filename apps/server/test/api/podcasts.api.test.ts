/** Shows over REST and tRPC with two users: create with a cover, edit every field, checklist, summary, delete; each sees only their own. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import sharp from 'sharp';
import { PODCAST_MESSAGES } from '@ppp/contracts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { fakeAudio, pngFile, tempDir } from '../support/audio-files.ts';
import { coverPng, seedAssembledEpisode } from '../support/episodes.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';
import { SpreakerSandbox } from '../support/spreaker-sandbox.ts';
import { connectSpreakerAccount } from '../support/spreaker-connect.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string; email: string; id: string };
let b: { token: string; email: string; id: string };
let aId: string;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
// A's Spreaker shows: a show ID is set only when it is the user's own on Spreaker.
const sandbox = new SpreakerSandbox();
let firstShowId = '';
let secondShowId = '';

const ZShowJson = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rss_url: z.string(),
  podcast_guid: z.string(),
  host_kind: z.string(),
  cover_url: z.string().nullable(),
  cover_path: z.string().nullable(),
  spreaker_show_id: z.string().nullable(),
  category: z.object({ category: z.string(), subcategory: z.string().nullable() }).nullable(),
  category_id: z.string().nullable(),
  category_2_id: z.string().nullable(),
  language: z.string(),
  podcast_type: z.string(),
});

async function seedRow(userId: string, name: string): Promise<string> {
  const em = orm.em.fork();
  const show = em.create(PodcastSchema, { user: userId, name, description: `About ${name}` });
  await em.flush();
  return show.id;
}

function showForm(fields: Record<string, string>, cover?: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (cover) form.append('cover_image', new Blob([readFileSync(cover)]), path.basename(cover));
  return form;
}

async function send(method: string, url: string, token: string, body: FormData | object) {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${token}` } };
  if (body instanceof FormData) init.body = body;
  else {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const res = await fetch(`${api.baseUrl}${url}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

beforeAll(async () => {
  storage = tempDir('ppp-podcasts-storage-');
  files = tempDir('ppp-podcasts-files-');
  await sandbox.start();
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir, ...sandbox.appEnv }));
  ({ admin: a, user: b } = await twoUsers(api));
  expect((await connectSpreakerAccount(api.baseUrl, a.token)).status).toBe(200);
  firstShowId = String(sandbox.addShow('First').show_id);
  secondShowId = String(sandbox.addShow('Second').show_id);
  aId = a.id;
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  await sandbox.stop();
  files?.remove();
});

describe('GET /api/podcasts/ and podcasts.list', () => {
  it('lists only the caller’s shows, with their public feed URL, and answers 404 for another user’s', async () => {
    const first = await seedRow(aId, 'First Show');
    const second = await seedRow(aId, 'Second Show');
    const theirs = await seedRow(b.id, 'B Show');

    const res = await api.request('GET', '/api/podcasts/', { token: a.token });
    expect(res.status).toBe(200);
    const shows = z.array(ZShowJson).parse(res.body);
    expect(shows.map((s) => s.name)).toEqual(['First Show', 'Second Show']);
    expect(shows[0]).toMatchObject({ id: first, host_kind: 'builtin', rss_url: `http://localhost:3000/feeds/${first}.xml` });
    expect(shows[0]?.podcast_guid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.request('GET', '/api/podcasts', { token: a.token })).status).toBe(200);

    const viaTrpc = await api.trpc(a.token).podcasts.list.query();
    expect(viaTrpc.map((s) => s.id)).toEqual([first, second]);
    expect(viaTrpc[0]?.created_at).toBeInstanceOf(Date);

    const forB = z.array(ZShowJson).parse((await api.request('GET', '/api/podcasts/', { token: b.token })).body);
    expect(forB.map((s) => s.id)).toEqual([theirs]);
    expect(errorOf(await api.request('GET', `/api/podcasts/${first}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', '/api/podcasts/not-a-uuid', { token: b.token })).status).toBe(404);
    await expect(api.trpc(b.token).podcasts.get.query({ id: second })).rejects.toThrow(/not found/i);
    expect((await api.request('GET', `/api/podcasts/${second}`, { token: a.token })).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await api.request('GET', '/api/podcasts/')).status).toBe(401);
  });
});

describe('create, edit and delete a show', () => {
  it('creates from a multipart form with a cover, refusing short names and files that are not images', async () => {
    const short = await send('POST', '/api/podcasts/', a.token, showForm({ name: 'abc', description: 'x' }));
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ detail: PODCAST_MESSAGES.nameMin });
    const notImage = await send('POST', '/api/podcasts/', a.token, showForm({ name: 'Real Show' }, fakeAudio(files.dir, 'cover.png')));
    expect(notImage.status).toBe(415);
    expect(notImage.body).toMatchObject({ detail: 'Cover art must be a PNG or JPEG image.' });

    const created = await send(
      'POST',
      '/api/podcasts/',
      a.token,
      showForm({ name: 'Morning Tinkering', description: 'Tools and tea.' }, coverPng(files.dir, 1400)),
    );
    expect(created.status).toBe(201);
    const show = ZShowJson.parse(created.body);
    expect(show).toMatchObject({ name: 'Morning Tinkering', description: 'Tools and tea.', host_kind: 'builtin' });
    // The cover is public at the URL the feed will carry, byte for byte as measured.
    const coverPath = new URL(show.cover_url ?? '').pathname + new URL(show.cover_url ?? '').search;
    const cover = await fetch(`${api.baseUrl}${coverPath}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(1400);
  });

  it("names the account's email as the new show's owner unless another is given, so its first feed has itunes:owner", async () => {
    const defaulted = ZShowJson.extend({ owner_email: z.string().nullable() }).parse(
      (await send('POST', '/api/podcasts/', a.token, showForm({ name: 'Owner Default Show' }))).body,
    );
    expect(defaulted.owner_email).toBe(a.email);
    const feed = await (await fetch(`${api.baseUrl}${new URL(defaulted.rss_url).pathname}`)).text();
    expect(feed).toContain(`<itunes:email>${a.email}</itunes:email>`);
    const given = await send('POST', '/api/podcasts/', a.token, showForm({ name: 'Owner Given Show', owner_email: 'shows@example.org' }));
    expect(given.body).toMatchObject({ owner_email: 'shows@example.org' });
    const bad = await send('POST', '/api/podcasts/', a.token, showForm({ name: 'Owner Bad Show', owner_email: 'not an address' }));
    expect(bad.status).toBe(422);
  });

  it('scales a cover larger than 3000 px down to fit', async () => {
    const created = await send('POST', '/api/podcasts/', a.token, showForm({ name: 'Huge Cover Show' }, coverPng(files.dir, 3200)));
    const show = ZShowJson.parse(created.body);
    const stored = new LocalStorage(storage.dir);
    const meta = await sharp(await stored.readBytes(show.cover_path ?? '')).metadata();
    expect([meta.width, meta.height]).toEqual([3000, 3000]);
  });

  it('saves every Edit Podcast field (JSON and multipart) and asks to confirm a Spreaker show ID change', async () => {
    const id = ZShowJson.parse((await send('POST', '/api/podcasts/', a.token, showForm({ name: 'Editable Show' }))).body).id;
    const every = {
      name: 'Edited Show',
      description: 'New description',
      podcast_type: 'serial',
      language: 'pt-br',
      copyright_line: '© 2026 Ada',
      owner_name: 'Ada Owner',
      owner_email: 'ada@example.com',
      author_name: 'Ada',
      contact_email: 'hello@example.com',
      category: { category: 'Leisure', subcategory: 'Crafts' },
      category_2: { category: 'Technology', subcategory: null },
      category_3: null,
      explicit: true,
      website_url: 'https://ada.example.com/',
      locked: true,
      spreaker_show_id: firstShowId,
    };
    const saved = await send('PUT', `/api/podcasts/${id}`, a.token, every);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...every,
      category_id: 'Leisure > Crafts',
      category_2_id: 'Technology',
      host_kind: 'spreaker',
      rss_url_locked: true,
    });

    const change = await send('PUT', `/api/podcasts/${id}`, a.token, { ...every, spreaker_show_id: secondShowId });
    expect(change).toMatchObject({ status: 422, body: { detail: PODCAST_MESSAGES.confirmHostShowIdChange } });
    const letters = await send('PUT', `/api/podcasts/${id}`, a.token, {
      ...every,
      spreaker_show_id: 'abc',
      allow_spreaker_id_change: true,
    });
    expect(letters).toMatchObject({ status: 422, body: { detail: PODCAST_MESSAGES.mustBeNumeric } });
    const confirmed = await send('PUT', `/api/podcasts/${id}`, a.token, {
      ...every,
      spreaker_show_id: secondShowId,
      allow_spreaker_id_change: true,
    });
    expect(confirmed.body).toMatchObject({ spreaker_show_id: secondShowId });

    const multipart = await send(
      'PUT',
      `/api/podcasts/${id}`,
      a.token,
      showForm(
        {
          name: 'Edited Again',
          language: 'de',
          category_id: 'Arts > Books',
          explicit: 'false',
          spreaker_show_id: '',
          allow_spreaker_id_change: 'true',
        },
        pngFile(files.dir),
      ),
    );
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({
      name: 'Edited Again',
      language: 'de',
      category_id: 'Arts > Books',
      explicit: false,
      spreaker_show_id: null,
      host_kind: 'builtin',
      // Fields the form left out keep their values (issue 37).
      description: 'New description',
      owner_email: 'ada@example.com',
      category_2_id: 'Technology',
      locked: true,
    });
    expect(ZShowJson.parse(multipart.body).cover_url).toMatch(/\/feeds\/.+\/cover\.png\?v=/);

    // A JSON PUT of one field changes that field only; an unknown category is refused and changes nothing.
    const oneField = await send('PUT', `/api/podcasts/${id}`, a.token, { description: 'Only this changes' });
    expect(oneField.status).toBe(200);
    expect(oneField.body).toMatchObject({
      name: 'Edited Again',
      description: 'Only this changes',
      category_id: 'Arts > Books',
      owner_email: 'ada@example.com',
    });
    const unknown = await send('PUT', `/api/podcasts/${id}`, a.token, { name: 'Not Saved', category_id: 'Knitting > Socks' });
    expect(unknown).toMatchObject({ status: 422, body: { detail: PODCAST_MESSAGES.unknownCategory('Knitting > Socks') } });
    const unknownForm = await send('PUT', `/api/podcasts/${id}`, a.token, showForm({ name: 'Not Saved', category_2_id: 'Nonsense' }));
    expect(unknownForm).toMatchObject({ status: 422, body: { detail: PODCAST_MESSAGES.unknownCategory('Nonsense') } });
    const idBesideNull = await send('PUT', `/api/podcasts/${id}`, a.token, { category: null, category_id: 'Technology' });
    expect(idBesideNull.body).toMatchObject({ category_id: 'Technology' });
    const cleared = await send('PUT', `/api/podcasts/${id}`, a.token, { category_2_id: '', owner_email: '' });
    expect(cleared.body).toMatchObject({ name: 'Edited Again', category_2_id: null, owner_email: null });

    expect((await send('PUT', `/api/podcasts/${id}`, b.token, every)).status).toBe(404);
  });

  it('deletes a show with its episodes and files; another user cannot', async () => {
    const created = ZShowJson.parse(
      (await send('POST', '/api/podcasts/', a.token, showForm({ name: 'Doomed Show' }, coverPng(files.dir, 1400)))).body,
    );
    const episode = await seedAssembledEpisode(orm, new LocalStorage(storage.dir), files.dir, { userId: aId, podcastId: created.id });
    expect((await api.request('DELETE', `/api/podcasts/${created.id}`, { token: b.token })).status).toBe(404);
    expect((await api.request('DELETE', `/api/podcasts/${created.id}`, { token: a.token })).status).toBe(204);
    expect((await api.request('GET', `/api/podcasts/${created.id}`, { token: a.token })).status).toBe(404);
    const stored = new LocalStorage(storage.dir);
    expect(await stored.stat(created.cover_path ?? '')).toBeNull();
    expect(await stored.stat(episode.finalAudioKey ?? '')).toBeNull();
  });
});

describe('summary and distribution checklist', () => {
  it('counts total and unpublished_or_unscheduled per show, and only for the owner', async () => {
    const id = await seedRow(aId, 'Counted Show');
    const stored = new LocalStorage(storage.dir);
    await seedAssembledEpisode(orm, stored, files.dir, { userId: aId, podcastId: id }, { title: 'Draft one' });
    await seedAssembledEpisode(
      orm,
      stored,
      files.dir,
      { userId: aId, podcastId: id },
      { title: 'Live one', status: 'published', publishAt: new Date() },
    );
    await seedAssembledEpisode(
      orm,
      stored,
      files.dir,
      { userId: aId, podcastId: id },
      { title: 'Later one', status: 'scheduled', publishAt: new Date(Date.now() + 3_600_000) },
    );
    const res = await api.request('GET', `/api/episodes/summary?podcast_id=${id}`, { token: a.token });
    expect(res.body).toEqual({ podcast_id: id, total: 3, unpublished_or_unscheduled: 1, drafts: 1 });
    expect((await api.request('GET', `/api/episodes/summary?podcast_id=${id}`, { token: b.token })).status).toBe(404);
    expect(await api.trpc(a.token).podcasts.summary.query({ id })).toEqual({
      podcast_id: id,
      total: 3,
      unpublished_or_unscheduled: 1,
      drafts: 1,
    });
  });

  it('lists the directories with the feed URL, saves status and notes per item, and refuses unknown keys', async () => {
    const id = await seedRow(aId, 'Distributed Show');
    const ZChecklist = z.object({
      items: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          status: z.string(),
          notes: z.string().nullable(),
          automation: z.string(),
          instructions: z.array(z.string()),
          disabled_reason: z.string().nullable(),
        }),
      ),
      rss_feed_url: z.string(),
      spreaker_show_url: z.string().nullable(),
    });
    const list = ZChecklist.parse((await api.request('GET', `/api/podcasts/${id}/distribution/checklist`, { token: a.token })).body);
    expect(list.rss_feed_url).toBe(`http://localhost:3000/feeds/${id}.xml`);
    expect(list.items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Apple Podcasts', 'Spotify', 'YouTube Music', 'Pocket Casts', 'Overcast', 'Podcast Index']),
    );
    expect(list.items.every((i) => i.status === 'not_started')).toBe(true);
    expect(list.items.find((i) => i.key === 'apple_podcasts')?.disabled_reason).toMatch(/cover art/i);

    const saved = await api.request('PUT', `/api/podcasts/${id}/distribution/checklist/apple_podcasts`, {
      token: a.token,
      json: { status: 'in_progress', notes: 'Submitted on Monday' },
    });
    expect(saved.body).toMatchObject({ key: 'apple_podcasts', status: 'in_progress', notes: 'Submitted on Monday' });
    await api.request('PUT', `/api/podcasts/${id}/distribution/checklist/apple_podcasts`, {
      token: a.token,
      json: { status: 'completed' },
    });
    const after = ZChecklist.parse((await api.request('GET', `/api/podcasts/${id}/distribution/checklist`, { token: a.token })).body);
    expect(after.items.find((i) => i.key === 'apple_podcasts')).toMatchObject({ status: 'completed', notes: 'Submitted on Monday' });

    expect(
      (await api.request('PUT', `/api/podcasts/${id}/distribution/checklist/myspace`, { token: a.token, json: { status: 'completed' } }))
        .status,
    ).toBe(404);
    expect(
      (await api.request('PUT', `/api/podcasts/${id}/distribution/checklist/spotify`, { token: a.token, json: { status: 'done' } })).status,
    ).toBe(422);
    expect((await api.request('GET', `/api/podcasts/${id}/distribution/checklist`, { token: b.token })).status).toBe(404);
    expect(
      (await api.request('PUT', `/api/podcasts/${id}/distribution/checklist/spotify`, { token: b.token, json: { status: 'completed' } }))
        .status,
    ).toBe(404);
  });
});
