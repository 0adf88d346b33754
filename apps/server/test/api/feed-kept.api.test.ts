/**
 * A show's feed is built once and kept while its rows stand: what any write changes (a job's SQL
 * included) is in the next fetch, and a scheduled episode appears once it is due, without a write.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { parseFeed } from 'podcast-partytime';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { twoUsers, type TestServer } from '../support/http.ts';
import { rawRequest } from '../support/raw-http.ts';

let orm: MikroORM;
let api: TestServer;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let owner: { userId: string; podcastId: string };

beforeAll(async () => {
  storage = tempDir('ppp-kept-feed-storage-');
  files = tempDir('ppp-kept-feed-files-');
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir }));
  const userId = (await twoUsers(api)).admin.id;
  const podcastId = await seedShow(orm, new LocalStorage(storage.dir), userId, 'Kept Feed Show', coverPng(files.dir));
  owner = { userId, podcastId };
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  storage.remove();
  files.remove();
});

const fetchFeed = (headers: Record<string, string> = {}) =>
  fetch(`${api.baseUrl}/feeds/${owner.podcastId}.xml`, { headers: { 'user-agent': 'curl/8.0', ...headers } });
const titles = async () => (parseFeed(await (await fetchFeed()).text())?.items ?? []).map((item) => item.title);

describe('the kept feed', () => {
  it('answers 304 while unchanged, shows a write at once, and lists a scheduled episode once it is due', async () => {
    const store = new LocalStorage(storage.dir);
    const live = await seedAssembledEpisode(orm, store, files.dir, owner, {
      title: 'Live',
      status: 'published',
      publishAt: new Date(Date.now() - 60_000),
    });
    const first = await fetchFeed();
    const etag = first.headers.get('etag') ?? '';
    expect(parseFeed(await first.text())?.items.map((item) => item.title)).toEqual(['Live']);
    expect((await fetchFeed({ 'if-none-match': etag })).status).toBe(304);

    await orm.em.getConnection().execute('update episodes set title = ? where id = ?', ['Retitled', live.id]);
    expect(await titles()).toEqual(['Retitled']);

    // Seeded a day ahead (seeding copies files, slow on a loaded machine), then made due in 10 s by one
    // quick write: the fetch right after it is well before the episode is due, whatever the load.
    const soon = await seedAssembledEpisode(orm, store, files.dir, owner, {
      title: 'Soon',
      status: 'scheduled',
      publishAt: new Date(Date.now() + 86_400_000),
    });
    await orm.em.getConnection().execute(`update episodes set publish_at = now() + interval '10 seconds' where id = ?`, [soon.id]);
    expect(await titles()).toEqual(['Retitled']);
    await expect.poll(titles, { timeout: 30_000, interval: 500 }).toEqual(['Soon', 'Retitled']);
  });

  it('is sent gzipped to a podcast app that accepts it: the same XML, the weak form of its validator; HEAD says so without a body', async () => {
    await seedAssembledEpisode(orm, new LocalStorage(storage.dir), files.dir, owner, {
      title: 'Zipped',
      status: 'published',
      publishAt: new Date(Date.now() - 60_000),
    });
    const url = `${api.baseUrl}/feeds/${owner.podcastId}.xml`;
    const plain = await rawRequest(url, { 'user-agent': 'curl/8.0' });
    const zipped = await rawRequest(url, { 'user-agent': 'curl/8.0', 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(plain.body.toString()).toContain('Zipped');
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag}`);
    expect((await rawRequest(url, { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag ?? '' })).status).toBe(304);
    const head = await rawRequest(url, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    // HEAD says what GET would send (issue 36): the gzip's validator, encoding and length, and no body.
    expect(head.headers.etag).toBe(zipped.headers.etag);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(zipped.body.length);
    expect(head.body.length).toBe(0);
  });
});
