/**
 * The admin's Music Library tab through the real HTTP stack: an admin uploads a bed (checked like a
 * creator's music upload), renames it, deletes it; creators see the shared beds in GET
 * /api/music/assets (what onboarding and the template editor offer) and may copy one into their
 * media, but every admin route refuses them with 403 and changes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { MUSIC_BEDS, type MusicBedRecipe } from '@ppp/audio';
import { MEDIA_MESSAGES, MESSAGES, ZAdminMusicAsset, ZMusicAssetList, type TAdminMusicAsset } from '@ppp/contracts';
import { storageDir } from '../../src/config.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { MusicAssetSchema } from '../../src/domain/music/music-asset.entity.ts';
import { builtinMusicKey, seedBuiltinMusic } from '../../src/domain/music/music-seed.ts';
import { MusicRepository } from '../../src/domain/music/music.repository.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { uploadedMusicFiles } from '../support/music-library.ts';
import { fakeAudio, fileOfSize, tempDir, toneFile, uploadForm } from '../support/audio-files.ts';
import { testConfig } from '../support/fixtures.ts';
import { errorOf, twoUsers, type HttpResult, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let storage: LocalStorage;
let admin: { token: string };
let creator: { token: string };
const data = tempDir('ppp-admin-music-');
const files = tempDir('ppp-admin-music-files-');

const ZAssetJson = ZAdminMusicAsset.extend({ created_at: z.iso.datetime({ offset: true }) });
const ZAssetsJson = z.array(ZAssetJson);

beforeAll(async () => {
  let databaseUrl: string;
  ({ orm, api, databaseUrl } = await startApiBed({ DATA_DIR: data.dir }));
  storage = new LocalStorage(storageDir(testConfig(databaseUrl, { DATA_DIR: data.dir })));
  ({ admin, user: creator } = await twoUsers(api));
}, 60_000);
afterAll(async () => {
  await closeApiBed({ api, orm });
  data.remove();
  files.remove();
});

async function upload(token: string, file: string | null, fields: Record<string, string>): Promise<HttpResult> {
  const form = uploadForm([], fields);
  if (file) {
    form.append('file', new Blob([readFileSync(file)]), path.basename(file));
  }
  const res = await fetch(`${api.baseUrl}/api/admin/music/assets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : null };
}

async function adminList(): Promise<z.infer<typeof ZAssetsJson>> {
  const res = await api.request('GET', '/api/admin/music/assets', { token: admin.token });
  expect(res.status).toBe(200);
  return ZAssetsJson.parse(res.body);
}

async function creatorLibrary() {
  return ZMusicAssetList.parse((await api.request('GET', '/api/music/assets', { token: creator.token })).body).assets;
}

let uploaded: Pick<TAdminMusicAsset, 'id' | 'url' | 'filename'>;

describe('POST /api/admin/music/assets/upload', () => {
  it('adds a checked bed with its name and moods, which creators then see', async () => {
    const bed = toneFile(files.dir, 'calm bed.wav', 3, 330);
    const res = await upload(admin.token, bed, { display_name: '  Calm bed ', mood_tags: JSON.stringify(['Calm', 'warm', 'calm']) });
    expect(res.status, res.text).toBe(201);
    const asset = ZAssetJson.parse(res.body);
    expect(asset).toMatchObject({ display_name: 'Calm bed', mood_tags: ['calm', 'warm'], source: 'upload' });
    expect(asset.duration_seconds).toBeCloseTo(3, 0);
    expect(asset.size_bytes).toBeGreaterThan(1000);
    uploaded = asset;
    expect((await adminList()).map((a) => a.id)).toEqual([asset.id]);
    const seen = await creatorLibrary();
    expect(seen.map((a) => [a.id, a.display_name])).toEqual([[asset.id, 'Calm bed']]);
    const file = await fetch(`${api.baseUrl}${asset.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/wav');
  });

  it('refuses what a creator’s music upload refuses, and stores nothing', async () => {
    const before = uploadedMusicFiles(data.dir);
    const notAudio = await upload(admin.token, fakeAudio(files.dir, 'notes.mp3'), { display_name: 'Notes' });
    expect(errorOf(notAudio)).toMatchObject({ status: 415, detail: 'notes.mp3: only audio files are allowed for music.' });
    const big = await upload(admin.token, fileOfSize(files.dir, 'huge.wav', 51), { display_name: 'Huge' });
    // Over a music file's limit: refused from its length before the form is read, or by the file check.
    expect(errorOf(big).status).toBe(413);
    expect([MEDIA_MESSAGES.fileTooLarge, 'huge.wav: exceeds 50MB limit for music.']).toContain(errorOf(big).detail);
    const noFile = await upload(admin.token, null, { display_name: 'Nothing' });
    expect(errorOf(noFile)).toMatchObject({ status: 422, detail: MEDIA_MESSAGES.selectAudioFile });
    const tone = toneFile(files.dir, 'ok.mp3', 1);
    expect(errorOf(await upload(admin.token, tone, { display_name: '   ' })).status).toBe(422);
    expect(errorOf(await upload(admin.token, tone, { display_name: 'Bed', mood_tags: 'calm, warm' })).status).toBe(422);
    expect(errorOf(await upload(admin.token, tone, { display_name: 'x'.repeat(121) })).status).toBe(422);
    expect(uploadedMusicFiles(data.dir)).toEqual(before);
    expect((await adminList()).map((a) => a.id)).toEqual([uploaded.id]);
  });

  it('refuses a creator with 403 and stores nothing', async () => {
    const res = await upload(creator.token, toneFile(files.dir, 'mine.mp3', 1), { display_name: 'Mine' });
    expect(errorOf(res)).toMatchObject({ status: 403, detail: MESSAGES.adminAccessDenied });
    expect((await api.request('GET', '/api/admin/music/assets', { token: creator.token })).status).toBe(403);
    expect((await adminList()).map((a) => a.id)).toEqual([uploaded.id]);
  });
});

describe('PUT /api/admin/music/assets/{id}', () => {
  it('renames a bed and sets its moods for everyone', async () => {
    const res = await api.request('PUT', `/api/admin/music/assets/${uploaded.id}`, {
      token: admin.token,
      json: { display_name: 'Sunday morning', mood_tags: ['Bright'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(ZAssetJson.parse(res.body)).toMatchObject({
      display_name: 'Sunday morning',
      mood_tags: ['bright'],
      filename: uploaded.filename,
    });
    expect((await creatorLibrary()).map((a) => a.display_name)).toEqual(['Sunday morning']);
  });

  it('refuses a blank name, an unknown id and a creator, changing nothing', async () => {
    const blank = await api.request('PUT', `/api/admin/music/assets/${uploaded.id}`, {
      token: admin.token,
      json: { display_name: ' ', mood_tags: [] },
    });
    expect(errorOf(blank)).toMatchObject({ status: 422, detail: 'Enter a display name.' });
    const unknown = await api.request('PUT', '/api/admin/music/assets/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      json: { display_name: 'Ghost', mood_tags: [] },
    });
    expect(errorOf(unknown)).toMatchObject({ status: 404, detail: 'Music asset not found.' });
    const asCreator = await api.request('PUT', `/api/admin/music/assets/${uploaded.id}`, {
      token: creator.token,
      json: { display_name: 'Hijacked', mood_tags: [] },
    });
    expect(errorOf(asCreator).status).toBe(403);
    expect((await adminList()).map((a) => a.display_name)).toEqual(['Sunday morning']);
  });
});

describe('a creator’s template picker', () => {
  it('copies a shared bed into the creator’s own music, named as the admin named it', async () => {
    const res = await api.request('POST', `/api/music/assets/${uploaded.id}/add-to-library`, { token: creator.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ category: 'music', friendly_name: 'Sunday morning' });
  });
});

describe('DELETE /api/admin/music/assets/{id}', () => {
  it('refuses a creator and keeps the bed', async () => {
    const res = await api.request('DELETE', `/api/admin/music/assets/${uploaded.id}`, { token: creator.token });
    expect(errorOf(res).status).toBe(403);
    expect((await creatorLibrary()).map((a) => a.id)).toEqual([uploaded.id]);
  });

  it('removes an uploaded bed and its file; the creator’s copy stays', async () => {
    const res = await api.request('DELETE', `/api/admin/music/assets/${uploaded.id}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(await adminList()).toEqual([]);
    expect(await creatorLibrary()).toEqual([]);
    expect(uploadedMusicFiles(data.dir)).toEqual([]);
    expect((await fetch(`${api.baseUrl}${uploaded.url}`)).status).toBe(404);
    const again = await api.request('DELETE', `/api/admin/music/assets/${uploaded.id}`, { token: admin.token });
    expect(errorOf(again).status).toBe(404);
    const media = z
      .array(z.object({ friendly_name: z.string() }))
      .parse((await api.request('GET', '/api/media/', { token: creator.token })).body);
    expect(media.map((m) => m.friendly_name)).toEqual(['Sunday morning']);
  });

  it('switches a built-in bed off, and seeding does not bring it back', async () => {
    const recipe = MUSIC_BEDS[0] as MusicBedRecipe;
    const tone = toneFile(files.dir, 'builtin.mp3', 1);
    const rendered: string[] = [];
    const render = async (r: MusicBedRecipe) => {
      rendered.push(r.key);
      return { path: tone, durationSeconds: 1 };
    };
    await seedBuiltinMusic({ music: () => new MusicRepository(orm.em.fork()), storage, render, recipes: [recipe] });
    const [builtin] = await adminList();
    expect(builtin).toMatchObject({ display_name: recipe.displayName, source: 'builtin' });
    const res = await api.request('DELETE', `/api/admin/music/assets/${builtin?.id}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(await creatorLibrary()).toEqual([]);
    await seedBuiltinMusic({ music: () => new MusicRepository(orm.em.fork()), storage, render, recipes: [recipe] });
    expect(rendered).toEqual([recipe.key]);
    expect(await adminList()).toEqual([]);
    const row = await orm.em.fork().findOne(MusicAssetSchema, { seedKey: recipe.key });
    expect(row?.isActive).toBe(false);
    expect(await storage.stat(builtinMusicKey(recipe.key))).toBeTruthy();
  });
});
