/**
 * The shared music library through the real HTTP stack: the built-in beds rendered by real ffmpeg on
 * first start (valid MP3s of their intended length, audible, unclipped), seeding again changes nothing
 * and restores a lost file, files served publicly with range requests, and a bed copied into one
 * user's media for a template (the other user sees nothing of it).
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MUSIC_BEDS, probeAudio, renderMusicBed, type MusicBedRecipe } from '@ppp/audio';
import { ZMediaItem, ZMusicAssetList, type TMusicAsset } from '@ppp/contracts';
import { storageDir } from '../../src/config.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { builtinMusicKey, seedBuiltinMusic } from '../../src/domain/music/music-seed.ts';
import { MusicRepository } from '../../src/domain/music/music.repository.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { testConfig } from '../support/fixtures.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let storage: LocalStorage;
let a: { token: string };
let b: { token: string };
let assets: TMusicAsset[] = [];
const data = tempDir('ppp-music-test-');
const rendered: string[] = [];

async function countingRender(recipe: MusicBedRecipe, dest: string) {
  rendered.push(recipe.key);
  return renderMusicBed(recipe, dest);
}

function volume(file: string): { mean: number; max: number } {
  const err = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'volumedetect', '-f', 'null', '-'], {
    encoding: 'utf8',
  }).stderr;
  return { mean: Number(/mean_volume: (-?[\d.]+) dB/.exec(err)?.[1]), max: Number(/max_volume: (-?[\d.]+) dB/.exec(err)?.[1]) };
}

beforeAll(async () => {
  let databaseUrl: string;
  ({ orm, api, databaseUrl } = await startApiBed({ DATA_DIR: data.dir }));
  storage = new LocalStorage(storageDir(testConfig(databaseUrl, { DATA_DIR: data.dir })));
  ({ admin: a, user: b } = await twoUsers(api));
}, 60_000);
afterAll(async () => {
  await closeApiBed({ api, orm });
  data.remove();
});

describe('GET /api/music/assets', () => {
  it('needs a signed-in user and lists nothing before the beds exist', async () => {
    expect((await api.request('GET', '/api/music/assets')).status).toBe(401);
    const res = await api.request('GET', '/api/music/assets', { token: a.token });
    expect(res.status).toBe(200);
    expect(ZMusicAssetList.parse(res.body)).toEqual({ assets: [], preparing: true });
  });

  it('says it is preparing while only some beds are rendered', async () => {
    const [first] = MUSIC_BEDS;
    await seedBuiltinMusic({
      music: () => new MusicRepository(orm.em.fork()),
      storage,
      render: countingRender,
      recipes: [first as MusicBedRecipe],
    });
    const library = ZMusicAssetList.parse((await api.request('GET', '/api/music/assets', { token: b.token })).body);
    expect(library.preparing).toBe(true);
    expect(library.assets.map((x) => x.display_name)).toEqual([first?.displayName]);
  }, 120_000);

  it('lists every built-in bed once seeded, with moods and a public URL', async () => {
    const result = await seedBuiltinMusic({ music: () => new MusicRepository(orm.em.fork()), storage, render: countingRender });
    expect(result.present).toEqual([MUSIC_BEDS[0]?.key]);
    expect(result.created).toEqual(MUSIC_BEDS.slice(1).map((bed) => bed.key));
    const library = ZMusicAssetList.parse((await api.request('GET', '/api/music/assets', { token: b.token })).body);
    expect(library.preparing).toBe(false);
    assets = library.assets;
    expect(assets.map((x) => x.display_name)).toEqual(MUSIC_BEDS.map((bed) => bed.displayName));
    expect(new Set(assets.flatMap((x) => x.mood_tags))).toEqual(new Set(MUSIC_BEDS.flatMap((bed) => bed.moodTags)));
    for (const asset of assets) {
      expect(asset.url).toBe(`/api/music/assets/${asset.id}/file`);
      expect(asset.preview_url).toBe(asset.url);
      expect(asset.filename).toMatch(/\.mp3$/);
    }
  }, 300_000);
});

describe('the built-in beds', () => {
  it('are valid MP3s of their intended length, audible and unclipped', async () => {
    for (const [index, bed] of MUSIC_BEDS.entries()) {
      const asset = assets[index] as TMusicAsset;
      const res = await fetch(`${api.baseUrl}${asset.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      const file = path.join(data.dir, `download-${bed.key}.mp3`);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const probe = await probeAudio(file);
      expect(probe.codec).toBe('mp3');
      expect(probe.channels).toBe(2);
      expect(Math.abs(probe.durationSeconds - bed.durationSeconds)).toBeLessThan(0.3);
      expect(asset.duration_seconds).toBeCloseTo(probe.durationSeconds, 1);
      const { mean, max } = volume(file);
      expect(mean, `${bed.key} mean volume`).toBeGreaterThan(-30);
      expect(max, `${bed.key} peak`).toBeLessThan(0);
    }
  }, 120_000);

  it('answers range requests, and an unknown id is a 404', async () => {
    const asset = assets[0] as TMusicAsset;
    const part = await fetch(`${api.baseUrl}${asset.url}`, { headers: { range: 'bytes=100-1123' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 100-1123\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(1024);
    expect((await fetch(`${api.baseUrl}/api/music/assets/00000000-0000-4000-8000-000000000000/file`)).status).toBe(404);
  });

  it('are rendered once: seeding again changes nothing, and a lost file is rendered again alone', async () => {
    rendered.length = 0;
    const again = await seedBuiltinMusic({ music: () => new MusicRepository(orm.em.fork()), storage, render: countingRender });
    expect(again.created).toEqual([]);
    expect(rendered).toEqual([]);
    const lost = MUSIC_BEDS[1] as MusicBedRecipe;
    rmSync(path.join(storageDir(testConfig('', { DATA_DIR: data.dir })), builtinMusicKey(lost.key)));
    const repaired = await seedBuiltinMusic({ music: () => new MusicRepository(orm.em.fork()), storage, render: countingRender });
    expect(repaired.created).toEqual([lost.key]);
    expect(rendered).toEqual([lost.key]);
    const list = ZMusicAssetList.parse((await api.request('GET', '/api/music/assets', { token: a.token })).body).assets;
    expect(list.map((x) => x.id)).toEqual(assets.map((x) => x.id));
    expect((await fetch(`${api.baseUrl}${list[1]?.url ?? ''}`)).status).toBe(200);
  }, 120_000);
});

describe('POST /api/music/assets/{id}/add-to-library', () => {
  it("copies a bed into the user's media as music, once, and only for that user", async () => {
    const asset = assets[2] as TMusicAsset;
    const first = await api.request('POST', `/api/music/assets/${asset.id}/add-to-library`, { token: a.token });
    expect(first.status).toBe(200);
    const item = ZMediaItem.omit({ created_at: true }).parse(first.body);
    expect(item).toMatchObject({ category: 'music', display_name: asset.display_name, original_name: asset.filename });
    const again = await api.request('POST', `/api/music/assets/${asset.id}/add-to-library`, { token: a.token });
    expect((again.body as { id: string }).id).toBe(item.id);

    const mine = (await api.request('GET', '/api/media/', { token: a.token })).body as { id: string; category: string }[];
    expect(mine.filter((m) => m.category === 'music').map((m) => m.id)).toEqual([item.id]);
    const theirs = (await api.request('GET', '/api/media/', { token: b.token })).body as { id: string }[];
    expect(theirs.map((m) => m.id)).not.toContain(item.id);

    const preview = (await api.request('GET', `/api/media/preview?id=${item.id}`, { token: a.token })).body as { url: string };
    const copy = await fetch(`${api.baseUrl}${preview.url}`);
    expect(copy.status).toBe(200);
    expect((await copy.arrayBuffer()).byteLength).toBe(item.size);
  });

  it('is a 404 for an unknown asset and a 401 without a session', async () => {
    const missing = await api.request('POST', '/api/music/assets/00000000-0000-4000-8000-000000000000/add-to-library', { token: a.token });
    expect(errorOf(missing).status).toBe(404);
    expect((await api.request('POST', `/api/music/assets/${assets[0]?.id ?? ''}/add-to-library`)).status).toBe(401);
  });
});
