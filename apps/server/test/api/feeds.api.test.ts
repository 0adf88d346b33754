/**
 * The built-in host through the real HTTP routes: the feed of a show with published, scheduled and
 * draft episodes parsed by podcast-partytime and checked against Apple's required tags; enclosures
 * with byte ranges, ETag and exact length; transcripts and chapters; downloads counted once per
 * listener per day and read back as plays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { parseFeed } from 'podcast-partytime';
import { z } from 'zod';
import { EpisodeSchema, type Episode } from '../../src/domain/episodes/episode.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { TranscriptSchema } from '../../src/domain/transcripts/transcript.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { podcastGuid } from '../../src/domain/publishing/feed/index.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string; id: string };
let b: { token: string; id: string };
let aId: string;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let showId: string;
const eps: Record<string, Episode> = {};
const HOUR = 3_600_000;
const PUBLIC = 'http://localhost:3000';

const local = (url: string) => url.replace(PUBLIC, '');
/** A fetch that is no listener unless the test says so (Node's fetch would send 'node' as its user agent). */
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${api.baseUrl}${local(path)}`, { method, headers: { 'user-agent': 'curl/8.0', ...headers } });

beforeAll(async () => {
  storage = tempDir('ppp-feeds-storage-');
  files = tempDir('ppp-feeds-files-');
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir }));
  ({ admin: a, user: b } = await twoUsers(api));
  aId = a.id;
  const store = new LocalStorage(storage.dir);
  showId = await seedShow(orm, store, aId, 'Feed Test Show', coverPng(files.dir));
  const owner = { userId: aId, podcastId: showId };
  const now = Date.now();
  eps.published = await seedAssembledEpisode(orm, store, files.dir, owner, {
    title: 'Published one',
    status: 'published',
    publishAt: new Date(now - 48 * HOUR),
    seconds: 4,
    chapters: [
      { title: 'Intro', start_s: 0 },
      { title: 'Main', start_s: 1.5 },
    ],
  });
  eps.due = await seedAssembledEpisode(orm, store, files.dir, owner, {
    title: 'Scheduled and due',
    status: 'scheduled',
    publishAt: new Date(now - 10 * 60_000),
  });
  eps.future = await seedAssembledEpisode(orm, store, files.dir, owner, {
    title: 'Scheduled later',
    status: 'scheduled',
    publishAt: new Date(now + HOUR),
  });
  eps.draft = await seedAssembledEpisode(orm, store, files.dir, owner, { title: 'A draft' });
  eps.privateOne = await seedAssembledEpisode(orm, store, files.dir, owner, {
    title: 'Private',
    status: 'published',
    publishAt: new Date(now - HOUR),
    visibility: 'unpublished',
  });
  eps.limited = await seedAssembledEpisode(orm, store, files.dir, owner, {
    title: 'Limited',
    status: 'published',
    publishAt: new Date(now - HOUR),
    visibility: 'limited',
  });

  // A transcript of the published episode's source upload (the audio is the upload itself: no EDL).
  const em = orm.em.fork();
  const media = em.create(MediaItemSchema, {
    user: aId,
    category: 'main_content',
    friendlyName: 'Source',
    originalName: 'source.mp3',
    filename: 'source.mp3',
    storageKey: 'users/x/media/y/source.mp3',
    contentType: 'audio/mpeg',
    sizeBytes: 1,
  });
  em.create(TranscriptSchema, {
    media,
    engine: 'supplied',
    language: 'en',
    durationSeconds: 4,
    text: 'hello and welcome back',
    words: [
      { text: 'hello', start: 0.1, end: 0.5, confidence: null },
      { text: 'and', start: 0.6, end: 0.8, confidence: null },
      { text: 'welcome', start: 0.9, end: 1.3, confidence: null },
      { text: 'back.', start: 1.4, end: 1.8, confidence: null },
    ],
  });
  const row = await em.findOneOrFail(EpisodeSchema, { id: eps.published.id });
  row.sourceMedia = media;
  await em.flush();
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  storage?.remove();
  files?.remove();
});

describe('GET /feeds/{id}.xml', () => {
  it('lists published and due episodes only, newest first, with Apple’s required tags', async () => {
    const res = await get(`/feeds/${showId}.xml`);
    if (res.status !== 200) throw new Error(await res.text());
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('last-modified')).toBeTruthy();
    const feed = parseFeed(await res.text());
    if (!feed) throw new Error('podcast-partytime could not parse the feed');
    // Channel: title, description, artwork, language, category, explicit (Apple's required set).
    expect(feed.title).toBe('Feed Test Show');
    expect(feed.description).toBe('All about Feed Test Show.');
    expect(feed.itunesImage).toMatch(new RegExp(`^${PUBLIC}/feeds/${showId}/cover\\.png\\?v=`));
    expect(feed.language).toBe('en');
    expect(feed.itunesCategory).toEqual(['Technology']);
    expect(feed.explicit).toBe(false);
    expect(feed.owner).toEqual({ name: 'Ada Owner', email: 'ada@example.com' });
    expect(feed.guid).toBe(podcastGuid(`${PUBLIC}/feeds/${showId}.xml`));

    expect(feed.items.map((i) => i.title)).toEqual(['Scheduled and due', 'Published one']);
    const [due, published] = feed.items;
    for (const item of feed.items) {
      expect(item.guid).toMatch(/^urn:uuid:/);
      expect(item.enclosure.type).toBe('audio/mpeg');
    }
    expect(published?.enclosure.url).toBe(`${PUBLIC}/feeds/${showId}/episodes/${eps.published?.id}.mp3`);
    expect(published?.enclosure.length).toBe(eps.published?.finalAudioBytes);
    expect(published?.duration).toBe(4);
    expect(published?.podcastChapters?.url).toBe(`${PUBLIC}/feeds/${showId}/episodes/${eps.published?.id}/chapters.json`);
    expect(published?.podcastTranscripts?.map((t) => t.url)).toEqual([
      `${PUBLIC}/feeds/${showId}/episodes/${eps.published?.id}/transcript.vtt`,
      `${PUBLIC}/feeds/${showId}/episodes/${eps.published?.id}/transcript.srt`,
      `${PUBLIC}/feeds/${showId}/episodes/${eps.published?.id}/transcript.json`,
    ]);
    expect(due?.podcastTranscripts ?? []).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since, and 404 for an unknown show', async () => {
    const first = await get(`/feeds/${showId}.xml`);
    const etag = first.headers.get('etag') ?? '';
    expect((await get(`/feeds/${showId}.xml`, { 'if-none-match': etag })).status).toBe(304);
    expect((await get(`/feeds/${showId}.xml`, { 'if-modified-since': first.headers.get('last-modified') ?? '' })).status).toBe(304);
    expect((await get(`/feeds/${showId}.xml`, { 'if-none-match': '"other"' })).status).toBe(200);
    expect((await get('/feeds/00000000-0000-4000-8000-000000000000.xml')).status).toBe(404);
  });

  it('is kept by caches for a minute at most, so a new episode shows at once', async () => {
    expect((await get(`/feeds/${showId}.xml`)).headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('links the show to its public page, which answers (never a 404) with the show and its feed', async () => {
    const feed = parseFeed(await (await get(`/feeds/${showId}.xml`)).text());
    expect(feed?.link).toBe(`${PUBLIC}/podcasts/${showId}`);
    const page = await get(local(feed?.link ?? ''));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<h1>Feed Test Show</h1>');
    expect(html).toContain(`href="${PUBLIC}/feeds/${showId}.xml"`);
    expect(html).toContain('Published one');
    expect(html).not.toContain('A draft');
    expect(html).not.toContain('Scheduled later');
    expect((await get('/podcasts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('feeds read whole by web players and directories (issue 36)', () => {
  it('links each item to its episode on the show’s public page, with the episode’s cover or the show’s', async () => {
    const feed = parseFeed(await (await get(`/feeds/${showId}.xml`)).text());
    const page = `${PUBLIC}/podcasts/${showId}`;
    for (const item of feed?.items ?? []) {
      const id = /episodes\/([^/.]+)\.mp3$/.exec(item.enclosure.url)?.[1] ?? '';
      expect(item.link).toBe(`${page}#episode-${id}`);
      expect(item.image).toBeTruthy();
    }
    expect(feed?.items.map((i) => i.image)).toContain(feed?.itunesImage);
    const html = await (await get(local(page))).text();
    expect(html).toContain(`id="episode-${eps.published?.id}"`);
  });

  it('lets any origin read the feed and an enclosure with their lengths and ranges, and answers HEAD with the feed’s length', async () => {
    const exposed = 'Content-Length, Content-Range, Accept-Ranges';
    for (const path of [`/feeds/${showId}.xml`, `/feeds/${showId}/episodes/${eps.published?.id}.mp3`]) {
      const res = await get(path, { origin: 'https://player.example', range: 'bytes=0-99' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe(exposed);
      const preflight = await get(path, { origin: 'https://player.example', 'access-control-request-headers': 'range' }, 'OPTIONS');
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Range');
    }
    const plain = await get(`/feeds/${showId}.xml`, { 'accept-encoding': 'identity' });
    const head = await get(`/feeds/${showId}.xml`, { 'accept-encoding': 'identity' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(await plain.text()));
    expect(head.headers.get('etag')).toBe(plain.headers.get('etag'));
    const gzipHead = await get(`/feeds/${showId}.xml`, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(gzipHead.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzipHead.headers.get('content-length'))).toBeGreaterThan(0);
  });
});

describe('enclosures', () => {
  const audioPath = (e: Episode) => `/feeds/${showId}/episodes/${e.id}.mp3`;

  it('serves the whole file with its exact length and ETag, and a 206 range with exactly the requested bytes', async () => {
    const stored = await new LocalStorage(storage.dir).readBytes(eps.published!.finalAudioKey!);
    const whole = await get(audioPath(eps.published!), { 'user-agent': 'curl/8.0' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(whole.headers.get('content-length'))).toBe(stored.length);
    expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);
    const etag = whole.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);

    const part = await get(audioPath(eps.published!), { range: 'bytes=100-1123', 'user-agent': 'curl/8.0' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${stored.length}`);
    expect(part.headers.get('content-length')).toBe('1024');
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(100, 1124))).toBe(true);

    expect((await get(audioPath(eps.published!), { 'if-none-match': etag })).status).toBe(304);
    const head = await get(audioPath(eps.published!), {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(stored.length);
    expect((await get(audioPath(eps.published!), { range: `bytes=${stored.length + 10}-` })).status).toBe(416);
  });

  it('serves due and limited episodes, never drafts, private or not-yet-due ones', async () => {
    expect((await get(audioPath(eps.due!))).status).toBe(200);
    expect((await get(audioPath(eps.limited!))).status).toBe(200);
    expect((await get(audioPath(eps.future!))).status).toBe(404);
    expect((await get(audioPath(eps.draft!))).status).toBe(404);
    expect((await get(audioPath(eps.privateOne!))).status).toBe(404);
    expect((await get(`/feeds/${showId}/episodes/${eps.published!.id}.m4a`)).status).toBe(404);
  });

  it('counts one download per listener per day, ignoring probes and bots, and reports them as plays', async () => {
    const listen = (agent: string, range?: string) =>
      get(audioPath(eps.limited!), { 'user-agent': agent, ...(range ? { range } : {}) }).then((r) => r.arrayBuffer());
    await listen('AppleCoreMedia/1.0.0.21E230 (iPhone; U; CPU OS 17_4 like Mac OS X; en_us)', 'bytes=0-1');
    await listen('AppleCoreMedia/1.0.0.21E230 (iPhone; U; CPU OS 17_4 like Mac OS X; en_us)');
    await listen('AppleCoreMedia/1.0.0.21E230 (iPhone; U; CPU OS 17_4 like Mac OS X; en_us)');
    await listen('Overcast/3.0 (+http://overcast.fm/; iOS podcast app)');
    await listen('Googlebot/2.1 (+http://www.google.com/bot.html)');
    const plays = z
      .object({ items: z.array(z.object({ episode_id: z.string(), plays_total: z.number() })), window: z.string() })
      .parse((await api.request('GET', '/api/spreaker/analytics/plays/episodes?window=last30d', { token: a.token })).body);
    expect(plays.window).toBe('last30d');
    expect(plays.items.find((i) => i.episode_id === eps.limited!.id)?.plays_total).toBe(2);
    const shows = await api.request('GET', '/api/spreaker/analytics/plays/shows?window=last30d', { token: a.token });
    expect(shows.body).toMatchObject({ items: [{ podcast_id: showId, host: 'builtin', plays_total: 2 }] });
    const row = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: eps.limited!.id });
    expect(row.playsTotal).toBe(2);
  });
});

describe('transcripts and chapters', () => {
  it('serves WebVTT, SubRip and JSON transcripts and JSON chapters of a listed episode', async () => {
    const base = `/feeds/${showId}/episodes/${eps.published!.id}`;
    const vtt = await get(`${base}/transcript.vtt`);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toBe('WEBVTT\n\n1\n00:00:00.100 --> 00:00:01.800\nhello and welcome back.\n');
    const srt = await get(`${base}/transcript.srt`);
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(await srt.text()).toBe('1\n00:00:00,100 --> 00:00:01,800\nhello and welcome back.\n');
    const json = z
      .object({ segments: z.array(z.object({ body: z.string(), startTime: z.number() })) })
      .parse(await (await get(`${base}/transcript.json`)).json());
    expect(json.segments.map((s) => s.body)).toEqual(['hello', 'and', 'welcome', 'back.']);
    const chapters = await get(`${base}/chapters.json`);
    expect(chapters.headers.get('content-type')).toBe('application/json+chapters');
    expect(await chapters.json()).toMatchObject({
      version: '1.2.0',
      chapters: [
        { startTime: 0, title: 'Intro' },
        { startTime: 1.5, title: 'Main' },
      ],
    });
    expect((await get(`/feeds/${showId}/episodes/${eps.future!.id}/chapters.json`)).status).toBe(404);
    expect((await get(`/feeds/${showId}/episodes/${eps.due!.id}/transcript.vtt`)).status).toBe(404);
  });
});

describe('Podcasting 2.0 from the show and episode forms (issue 36)', () => {
  const show20 = {
    medium: 'podcast',
    persons: [{ name: 'Ada Owner', role: 'host', group: 'cast', img: null, href: 'https://ada.example.com/' }],
    funding: [{ url: 'https://ada.example.com/support', text: 'Support the show' }],
    location: { name: 'Lisbon', geo: 'geo:38.7223,-9.1393', osm: null },
    license: { identifier: 'CC-BY-4.0', url: null },
    txt: [{ text: 'verify-me-123', purpose: 'verify' }],
    trailers: [],
  };
  const episode20 = {
    persons: [{ name: 'Grace Guest', role: 'guest', group: 'cast', img: null, href: null }],
    soundbites: [{ start_s: 0.5, duration_s: 2, title: 'Hello there' }],
    location: null,
    license: null,
    season_name: null,
    txt: [],
    alternate_enclosures: [],
  };

  it('writes what the forms saved into the feed, refuses bad values changing nothing, and only for the owner', async () => {
    const bad = await api.request('PUT', `/api/podcasts/${showId}`, {
      token: a.token,
      json: { podcasting20: { ...show20, funding: [{ url: 'javascript:alert(1)' }] } },
    });
    expect(bad.status).toBe(422);
    expect((await api.request('PUT', `/api/podcasts/${showId}`, { token: a.token, json: { podcasting20: show20 } })).status).toBe(200);
    const path = `/api/episodes/${eps.published!.id}`;
    expect((await api.request('PATCH', path, { token: b.token, json: { podcasting20: episode20 } })).status).toBe(404);
    const tooLong = { ...episode20, soundbites: [{ start_s: 0, duration_s: 900, title: 'Too long' }] };
    expect((await api.request('PATCH', path, { token: a.token, json: { podcasting20: tooLong } })).status).toBe(422);
    const saved = await api.request('PATCH', path, { token: a.token, json: { podcasting20: episode20 } });
    expect(saved.body).toMatchObject({ podcasting20: episode20 });

    const feed = parseFeed(await (await get(`/feeds/${showId}.xml`)).text());
    if (!feed) throw new Error('podcast-partytime could not parse the feed');
    expect(feed.podcastPeople?.map((p) => p.name)).toEqual(['Ada Owner']);
    expect(feed.podcastFunding).toEqual([{ url: 'https://ada.example.com/support', message: 'Support the show' }]);
    expect(feed.podcastLocation).toEqual({ name: 'Lisbon', geo: 'geo:38.7223,-9.1393' });
    expect(feed.license?.identifier).toBe('CC-BY-4.0');
    expect(feed.podcastTxt).toEqual([{ value: 'verify-me-123', purpose: 'verify' }]);
    const item = feed.items.find((i) => i.title === 'Published one');
    expect(item?.podcastPeople?.map((p) => p.name)).toEqual(['Grace Guest']);
    expect(item?.podcastSoundbites).toEqual([{ startTime: 0.5, duration: 2, title: 'Hello there' }]);
  });
});
