/**
 * The admin's music import by URL (issue 16; spec 002 sections 5 and 7) through the real HTTP
 * stack: a bed served by a local HTTP server (allowed through IMPORT_ALLOW_PRIVATE_HOSTS, as RSS
 * import tests do) is fetched, probed and added, over REST and tRPC, and creators see it; a private
 * or loopback address that is not allowed (directly or by a redirect) is refused before any byte is
 * fetched; a non-audio file is refused like an upload; a wrong URL is a 422; a creator gets 403 and
 * nothing is fetched; past the outbound fetch bound the answer is 429. Nothing refused is kept.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { MESSAGES, MUSIC_ADMIN_MESSAGES, OUTBOUND_FETCH_RATE, ZAdminMusicAsset, ZMusicAssetList } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { uploadedMusicFiles } from '../support/music-library.ts';
import { tempDir, toneFile } from '../support/audio-files.ts';
import { startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let remote: FeedServer;
let admin: { token: string };
let creator: { token: string };
const data = tempDir('ppp-music-import-');
const files = tempDir('ppp-music-import-files-');

const ZAssetJson = ZAdminMusicAsset.extend({ created_at: z.iso.datetime({ offset: true }) });
const PATH = '/api/admin/music/assets/import-url';

const importAs = (token: string, body: unknown) => api.request('POST', PATH, { token, json: body });
const assetCount = async () =>
  Number(z.object({ n: z.string() }).parse((await orm.em.getConnection().execute(`select count(*) as n from music_assets`))[0]).n);

beforeAll(async () => {
  const bed = readFileSync(toneFile(files.dir, 'bed.mp3', 3, 330));
  remote = await startFeedServer({
    '/beds/sunrise.mp3': { type: 'audio/mpeg', body: bed },
    '/beds/notes.mp3': { type: 'audio/mpeg', body: 'these are my notes, not audio' },
    '/to-private': { status: 302, body: '', headers: { location: 'http://10.20.30.40/bed.mp3' } },
  });
  ({ orm, api } = await startApiBed({ DATA_DIR: data.dir, IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }));
  ({ admin, user: creator } = await twoUsers(api));
}, 60_000);

afterAll(async () => {
  await closeApiBed({ api, orm });
  await remote?.close();
  data.remove();
  files.remove();
});

describe('music import by URL', () => {
  it('fetches a bed from an address, probes it and adds it for creators (REST and tRPC)', async () => {
    const res = await importAs(admin.token, {
      display_name: 'Sunrise',
      source_url: `${remote.origin}/beds/sunrise.mp3`,
      mood_tags: ['Calm', 'calm', 'warm'],
    });
    expect(res.status, res.text).toBe(201);
    const asset = ZAssetJson.parse(res.body);
    expect(asset).toMatchObject({ display_name: 'Sunrise', mood_tags: ['calm', 'warm'], source: 'url' });
    expect(asset.duration_seconds).toBeGreaterThan(2.9);
    expect(asset.duration_seconds).toBeLessThan(3.2);
    expect(asset.filename).toMatch(/sunrise\.mp3$/);
    // The stored bytes are the bytes served.
    const file = await fetch(`${api.baseUrl}${asset.url}`, { headers: { authorization: `Bearer ${creator.token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(readFileSync(path.join(files.dir, 'bed.mp3')))).toBe(true);
    const library = ZMusicAssetList.parse((await api.request('GET', '/api/music/assets', { token: creator.token })).body);
    expect(library.assets.map((a) => a.display_name)).toContain('Sunrise');

    const twin = await fetch(`${api.baseUrl}/trpc/admin.importMusicAsset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ json: { display_name: 'Sunrise again', source_url: `${remote.origin}/beds/sunrise.mp3` } }),
    });
    expect(twin.status).toBe(200);
    expect(JSON.stringify(await twin.json())).toContain('Sunrise again');
    expect(uploadedMusicFiles(data.dir)).toHaveLength(2);
  });

  it('refuses private and loopback addresses that are not allowed, directly or by redirect, fetching nothing', async () => {
    const before = await assetCount();
    const hits = remote.hits.length;
    for (const url of ['http://10.0.0.7/bed.mp3', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:9/bed.mp3']) {
      const res = await importAs(admin.token, { display_name: 'Sneaky', source_url: url });
      expect(res.status, url).toBe(400);
      expect(errorOf(res).detail).toMatch(/^The address .+ points to a private, local or reserved network and cannot be fetched\.$/);
    }
    const redirected = await importAs(admin.token, { display_name: 'Sneaky', source_url: `${remote.origin}/to-private` });
    expect(redirected.status).toBe(400);
    expect(remote.hits.length).toBe(hits + 1);
    expect(await assetCount()).toBe(before);
  });

  it('refuses a file that is not audio, keeping nothing', async () => {
    const before = await assetCount();
    const stored = uploadedMusicFiles(data.dir).length;
    const res = await importAs(admin.token, { display_name: 'Notes', source_url: `${remote.origin}/beds/notes.mp3` });
    expect(errorOf(res)).toMatchObject({ status: 415, detail: 'notes.mp3: only audio files are allowed for music.' });
    const missing = await importAs(admin.token, { display_name: 'Gone', source_url: `${remote.origin}/beds/gone.mp3` });
    expect(errorOf(missing)).toMatchObject({ status: 400, detail: 'The address answered HTTP 404.' });
    expect(await assetCount()).toBe(before);
    expect(uploadedMusicFiles(data.dir)).toHaveLength(stored);
  });

  it('wants a full http(s) URL and a name (422)', async () => {
    for (const source_url of ['', 'ftp://example.com/bed.mp3', 'example.com/bed.mp3', 'javascript:alert(1)']) {
      const res = await importAs(admin.token, { display_name: 'Bed', source_url });
      expect(errorOf(res)).toMatchObject({ status: 422 });
      expect(res.text).toContain(MUSIC_ADMIN_MESSAGES.enterValidUrl);
    }
    expect(errorOf(await importAs(admin.token, { display_name: ' ', source_url: `${remote.origin}/beds/sunrise.mp3` })).status).toBe(422);
  });

  it('refuses a creator with 403 over REST and tRPC, fetching nothing', async () => {
    const hits = remote.hits.length;
    const before = await assetCount();
    const res = await importAs(creator.token, { display_name: 'Mine', source_url: `${remote.origin}/beds/sunrise.mp3` });
    expect(errorOf(res)).toMatchObject({ status: 403, detail: MESSAGES.adminAccessDenied });
    const twin = await fetch(`${api.baseUrl}/trpc/admin.importMusicAsset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ json: { display_name: 'Mine', source_url: `${remote.origin}/beds/sunrise.mp3` } }),
    });
    expect(twin.status).toBe(403);
    expect(remote.hits.length).toBe(hits);
    expect(await assetCount()).toBe(before);
  });

  it('answers 429 past the per-user bound, before fetching', async () => {
    const bound = OUTBOUND_FETCH_RATE.limits['music-import'].perUser;
    const hits = remote.hits.length;
    // Earlier calls of this file share the window: stop at the first refusal, which must come within the bound.
    const statuses: number[] = [];
    while (statuses.length <= bound && statuses.at(-1) !== 429) {
      statuses.push((await importAs(admin.token, { display_name: 'Again', source_url: `${remote.origin}/beds/gone.mp3` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const last = await importAs(admin.token, { display_name: 'Again', source_url: `${remote.origin}/beds/sunrise.mp3` });
    expect(errorOf(last)).toMatchObject({ status: 429, detail: MESSAGES.tooManyRequests });
    expect(remote.hits.length).toBe(hits + statuses.filter((s) => s !== 429).length);
  });
});
