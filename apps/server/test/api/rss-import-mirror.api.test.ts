/**
 * What rss.mirror copies besides the audio, read back through the real HTTP stack: linked
 * transcripts and chapters are fetched whether or not the audio could be, the product's feed lists
 * them as files served from this host (a link that failed is left out with its reason recorded, and
 * has_transcript says so); an episode's own artwork, checked as an image, is its cover in Episode
 * History and the feed, served from here. Enclosure, artwork, transcript and chapters URLs at
 * loopback, private or metadata addresses, or redirecting to loopback, are refused before any
 * connection while the rest of the import completes, each with its reason recorded. The feed's files are served on 127.0.0.2, the one address this server is
 * configured to reach.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { parseFeed } from 'podcast-partytime';
import { z } from 'zod';
import { createServices, type SharedDeps } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { EpisodeSchema, type Episode } from '../../src/domain/episodes/episode.entity.ts';
import type { TConfig } from '../../src/config.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { twoUsers, type TestServer } from '../support/http.ts';
import { pngFile, tempDir, toneFile } from '../support/audio-files.ts';
import { buildFeed, startFeedServer, type FeedServer, type GeneratedItem } from '../support/feed-server.ts';

const PUBLIC = 'http://localhost:3000';
const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello from the old host\n';
const SRT = '1\n00:00:00,000 --> 00:00:01,000\nHello in SubRip\n';
const CHAPTERS = JSON.stringify({
  version: '1.2.0',
  chapters: [
    { startTime: 0, title: 'Intro' },
    { startTime: 1.5, title: 'Main' },
  ],
});

let orm: MikroORM;
let api: TestServer;
let shared: SharedDeps;
let host: FeedServer;
/** A real server on loopback that nothing may reach: its hits must stay empty. */
let loopback: FeedServer;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let token = '';
let mp3: Buffer;
let png: Buffer;
const services = () => createServices(orm.em.fork(), shared);
const local = (url: string) => url.replace(PUBLIC, api.baseUrl);
const ZEpisodes = z.object({
  items: z.array(z.object({ title: z.string(), has_transcript: z.boolean(), cover_url: z.string().nullable() })),
});

/** POST /api/import/rss, then the rss.import and rss.mirror jobs' work as the worker runs it. */
async function importAndMirror(path: string, items: readonly GeneratedItem[]) {
  host.routes.set(path, { body: buildFeed({ title: `Show at ${path}` }, items) });
  const res = await api.request('POST', '/api/import/rss', { token, json: { rss_url: `${host.origin}${path}` } });
  expect(res.status).toBe(200);
  const started = z.object({ import_id: z.string(), podcast_id: z.string() }).parse(res.body);
  await services().rssImport.runImport(started.import_id);
  const row = await services().rssImport.runMirror(started.import_id, { finalAttempt: true });
  const rows = await orm.em.fork().find(EpisodeSchema, { podcast: started.podcast_id });
  const byTitle = (title: string): Episode => {
    const found = rows.find((e) => e.title === title);
    if (!found) throw new Error(`no episode ${title}`);
    return found;
  };
  return { podcastId: started.podcast_id, row, byTitle };
}

async function episodeList() {
  return ZEpisodes.parse((await api.request('GET', '/api/episodes/?limit=500&offset=0', { token })).body).items;
}

beforeAll(async () => {
  storage = tempDir('ppp-rss-mirror-storage-');
  files = tempDir('ppp-rss-mirror-files-');
  let config: TConfig;
  ({ orm, api, config } = await startApiBed({ STORAGE_DIR: storage.dir, IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.2' }));
  shared = sharedDepsFor(config);
  ({
    admin: { token },
  } = await twoUsers(api));
  mp3 = readFileSync(toneFile(files.dir, 'tone.mp3', 1));
  png = readFileSync(pngFile(files.dir));
  host = await startFeedServer({}, '127.0.0.2');
  loopback = await startFeedServer(
    { '/a.mp3': { body: 'secret', type: 'audio/mpeg' }, '/t.vtt': { body: VTT, type: 'text/vtt' } },
    '127.0.0.1',
  );
});

afterAll(async () => {
  await host?.close();
  await loopback?.close();
  await shared?.jobs.close();
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

describe('transcripts and chapters of an imported feed', () => {
  it('are copied whether or not the audio is, and the product’s feed serves the copies from this host', async () => {
    const at = (p: string) => `${host.origin}/s${p}`;
    host.routes.set('/s/1.mp3', { body: mp3, type: 'audio/mpeg' });
    host.routes.set('/s/3.mp3', { body: mp3, type: 'audio/mpeg' });
    host.routes.set('/s/1.vtt', { body: VTT, type: 'text/vtt' });
    host.routes.set('/s/2.srt', { body: SRT, type: 'application/x-subrip' });
    host.routes.set('/s/1.json', { body: CHAPTERS, type: 'application/json' });
    host.routes.set('/s/not-chapters.json', { body: '{"version":"1.2.0"}', type: 'application/json' });
    const day = (d: number) => new Date(Date.UTC(2024, 3, d, 9));
    const { podcastId, row, byTitle } = await importAndMirror('/s/feed.rss', [
      {
        guid: 's-1',
        title: 'Everything works',
        pubDate: day(3),
        audioUrl: at('/1.mp3'),
        transcriptUrl: at('/1.vtt'),
        chaptersUrl: at('/1.json'),
      },
      {
        guid: 's-2',
        title: 'Audio gone',
        pubDate: day(2),
        audioUrl: at('/gone.mp3'),
        transcriptUrl: at('/2.srt'),
        transcriptType: 'application/srt',
      },
      {
        guid: 's-3',
        title: 'Transcript gone',
        pubDate: day(1),
        audioUrl: at('/3.mp3'),
        transcriptUrl: at('/gone.vtt'),
        chaptersUrl: at('/not-chapters.json'),
      },
    ]);
    expect(row).toMatchObject({ status: 'done', mirrorTotal: 3, mirroredCount: 2, mirrorFailed: 1 });

    // The audio failed; its transcript was still copied (as .srt, the SubRip name feeds also write).
    const gone = byTitle('Audio gone');
    expect(gone).toMatchObject({
      mirrorStatus: 'failed',
      mirrorError: 'The audio address answered HTTP 404.',
      sidecarsPending: false,
      mirrorSkipped: null,
    });
    expect((await shared.storage.readBytes(gone.transcriptLinks?.[0]?.storageKey ?? '')).toString()).toBe(SRT);
    // The links that did not work are recorded with their reasons.
    expect(byTitle('Transcript gone').mirrorSkipped).toEqual([
      { kind: 'transcript', url: at('/gone.vtt'), reason: 'The file address answered HTTP 404.' },
      { kind: 'chapters', url: at('/not-chapters.json'), reason: 'The chapters file lists no chapters.' },
    ]);
    const listed = await episodeList();
    expect(Object.fromEntries(listed.map((e) => [e.title, e.has_transcript]))).toMatchObject({
      'Everything works': true,
      'Audio gone': true,
      'Transcript gone': false,
    });

    // The feed points podcast:transcript and podcast:chapters here, never at the old host.
    const feed = parseFeed(await (await fetch(`${api.baseUrl}/feeds/${podcastId}.xml`)).text());
    const items = new Map((feed?.items ?? []).map((i) => [i.title, i]));
    const works = byTitle('Everything works');
    const root = `${PUBLIC}/feeds/${podcastId}/episodes/${works.id}`;
    expect(items.get('Everything works')?.podcastTranscripts?.map((t) => [t.url, t.type])).toEqual([
      [`${root}/transcript-0.vtt`, 'text/vtt'],
    ]);
    expect(items.get('Everything works')?.podcastChapters?.url).toBe(`${root}/chapters.json`);
    const transcriptGone = items.get('Transcript gone');
    expect(transcriptGone).toBeDefined();
    expect(transcriptGone?.podcastTranscripts ?? []).toEqual([]);
    expect(transcriptGone?.podcastChapters).toBeUndefined();
    expect(items.has('Audio gone')).toBe(false);

    const copy = await fetch(local(`${root}/transcript-0.vtt`));
    expect(copy.status).toBe(200);
    expect(await copy.text()).toBe(VTT);
    expect(copy.headers.get('content-type')).toBe('text/vtt');
    expect(copy.headers.get('content-security-policy')).toContain('sandbox');
    expect(copy.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(local(`${root}/transcript-1.vtt`))).status).toBe(404);
    const chapters = z
      .object({ chapters: z.array(z.object({ title: z.string(), startTime: z.number() })) })
      .parse(await (await fetch(local(`${root}/chapters.json`))).json());
    expect(chapters.chapters.map((c) => [c.title, c.startTime])).toEqual([
      ['Intro', 0],
      ['Main', 1.5],
    ]);
    // Nothing after the import went back to the old host for these files.
    expect(host.hits.filter((h) => h === '/s/1.vtt')).toHaveLength(1);
  });
});

describe('episode artwork of an imported feed', () => {
  it('is copied when it is a real image and served from this host in Episode History and the feed; the show’s artwork is not copied per episode', async () => {
    const at = (p: string) => `${host.origin}/a${p}`;
    host.routes.set('/a/1.mp3', { body: mp3, type: 'audio/mpeg' });
    host.routes.set('/a/art.png', { body: png, type: 'image/png' });
    host.routes.set('/a/show.png', { body: png, type: 'image/png' });
    host.routes.set('/a/fake.png', { body: '<html>not an image</html>', type: 'image/png' });
    const day = (d: number) => new Date(Date.UTC(2024, 4, d, 9));
    host.routes.set('/a/feed.rss', {
      body: buildFeed({ title: 'Artwork Show', imageUrl: at('/show.png') }, [
        { guid: 'a-1', title: 'Own artwork', pubDate: day(3), audioUrl: at('/1.mp3'), imageUrl: at('/art.png') },
        { guid: 'a-2', title: 'Fake artwork', pubDate: day(2), audioUrl: at('/1.mp3'), imageUrl: at('/fake.png') },
        { guid: 'a-3', title: 'Show artwork', pubDate: day(1), audioUrl: at('/1.mp3'), imageUrl: at('/show.png') },
      ]),
    });
    const res = await api.request('POST', '/api/import/rss', { token, json: { rss_url: at('/feed.rss') } });
    const { import_id: importId, podcast_id: podcastId } = z.object({ import_id: z.string(), podcast_id: z.string() }).parse(res.body);
    await services().rssImport.runImport(importId);
    expect(await services().rssImport.runMirror(importId, { finalAttempt: true })).toMatchObject({ status: 'done', mirroredCount: 3 });
    const rows = new Map((await orm.em.fork().find(EpisodeSchema, { podcast: podcastId })).map((e) => [e.title, e]));
    const own = rows.get('Own artwork');
    expect(own?.coverStorageKey).toBe(`users/${own?.user.id}/episodes/${own?.id}/imported-cover.png`);
    expect(rows.get('Fake artwork')).toMatchObject({
      coverStorageKey: null,
      mirrorSkipped: [{ kind: 'artwork', url: at('/fake.png'), reason: 'Cover art must be a PNG or JPEG image.' }],
    });
    expect(rows.get('Show artwork')).toMatchObject({ coverStorageKey: null, sourceImageUrl: null, mirrorSkipped: null });
    // The show's artwork was fetched once, for the show, not again for the episode repeating it.
    expect(host.hits.filter((h) => h === '/a/show.png')).toHaveLength(1);

    // Episode History: the copy through a signed URL of this host; the others show the show's cover.
    const listed = new Map((await episodeList()).map((e) => [e.title, e.cover_url]));
    expect(listed.get('Own artwork')).toMatch(new RegExp(`^/api/episodes/${own?.id}/cover\\?expires=\\d+&sig=`));
    const cover = await fetch(`${api.baseUrl}${listed.get('Own artwork')}`);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await cover.arrayBuffer()).equals(png)).toBe(true);
    const showCover = `${PUBLIC}/feeds/${podcastId}/cover.png?v=imported-cover`;
    expect([listed.get('Fake artwork'), listed.get('Show artwork')]).toEqual([showCover, showCover]);
    expect([...listed.values()].some((url) => url?.startsWith(host.origin))).toBe(false);

    // The feed's itunes:image of the episode is the copy on this host.
    const feed = parseFeed(await (await fetch(`${api.baseUrl}/feeds/${podcastId}.xml`)).text());
    const items = new Map((feed?.items ?? []).map((i) => [i.title, i]));
    const art = `${PUBLIC}/feeds/${podcastId}/episodes/${own?.id}/cover.png`;
    expect(items.get('Own artwork')?.image ?? items.get('Own artwork')?.itunesImage).toBe(art);
    const served = await fetch(local(art));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe('linked files at addresses the server must not reach', () => {
  it('are refused before connecting, with the reason recorded, while the rest of the import completes', async () => {
    const at = (p: string) => `${host.origin}/h${p}`;
    const lo = (p: string) => `${loopback.origin}${p}`;
    const port = new URL(loopback.origin).port;
    host.routes.set('/h/1.mp3', { body: mp3, type: 'audio/mpeg' });
    host.routes.set('/h/art.png', { body: png, type: 'image/png' });
    host.routes.set('/h/1.vtt', { body: VTT, type: 'text/vtt' });
    host.routes.set('/h/1.json', { body: CHAPTERS, type: 'application/json' });
    host.routes.set('/h/to-loopback.mp3', { status: 302, body: '', headers: { location: lo('/a.mp3') } });
    host.routes.set('/h/to-loopback.vtt', { status: 302, body: '', headers: { location: lo('/t.vtt') } });
    const day = (d: number) => new Date(Date.UTC(2024, 5, d, 9));
    const { row, byTitle } = await importAndMirror('/h/feed.rss', [
      {
        guid: 'h-1',
        title: 'Safe',
        pubDate: day(3),
        audioUrl: at('/1.mp3'),
        imageUrl: at('/art.png'),
        transcriptUrl: at('/1.vtt'),
        chaptersUrl: at('/1.json'),
      },
      {
        guid: 'h-2',
        title: 'Pointing inside',
        pubDate: day(2),
        audioUrl: lo('/a.mp3'),
        imageUrl: 'http://169.254.169.254/latest/meta-data/art.png',
        transcriptUrl: `http://[::1]:${port}/t.vtt`,
        chaptersUrl: 'http://10.0.0.1/chapters.json',
      },
      {
        guid: 'h-3',
        title: 'Redirected inside',
        pubDate: day(1),
        audioUrl: at('/to-loopback.mp3'),
        imageUrl: 'http://[::ffff:10.0.0.1]/art.png',
        transcriptUrl: at('/to-loopback.vtt'),
        chaptersUrl: 'http://0.0.0.0/chapters.json',
      },
    ]);
    expect(row).toMatchObject({ status: 'done', mirrorTotal: 3, mirroredCount: 1, mirrorFailed: 2 });
    expect(loopback.hits).toEqual([]);

    const refused = (hostname: string) => `The address ${hostname} points to a private, local or reserved network and cannot be fetched.`;
    expect(byTitle('Pointing inside')).toMatchObject({
      mirrorStatus: 'failed',
      mirrorError: refused('127.0.0.1'),
      mirrorKey: null,
      coverStorageKey: null,
      chapters: null,
    });
    expect(byTitle('Pointing inside').mirrorSkipped).toEqual([
      { kind: 'artwork', url: 'http://169.254.169.254/latest/meta-data/art.png', reason: refused('169.254.169.254') },
      { kind: 'transcript', url: `http://[::1]:${port}/t.vtt`, reason: refused('[::1]') },
      { kind: 'chapters', url: 'http://10.0.0.1/chapters.json', reason: refused('10.0.0.1') },
    ]);
    // A redirect is checked again where it lands.
    expect(byTitle('Redirected inside')).toMatchObject({ mirrorStatus: 'failed', mirrorError: refused('127.0.0.1'), mirrorKey: null });
    expect(byTitle('Redirected inside').mirrorSkipped?.map((s) => [s.kind, s.reason])).toEqual([
      ['artwork', refused('[::ffff:a00:1]')],
      ['transcript', refused('127.0.0.1')],
      ['chapters', refused('0.0.0.0')],
    ]);
    expect(byTitle('Redirected inside').transcriptLinks?.[0]?.storageKey).toBeUndefined();

    // The safe episode is whole, and the feed carries nothing of the refused ones.
    const safe = byTitle('Safe');
    expect(safe).toMatchObject({
      mirrorStatus: 'kept',
      mirrorSkipped: null,
      chapters: [
        { title: 'Intro', start_s: 0 },
        { title: 'Main', start_s: 1.5 },
      ],
    });
    expect(safe.coverStorageKey).toMatch(/imported-cover\.png$/);
    expect(safe.transcriptLinks?.[0]?.storageKey).toMatch(/transcript-0\.vtt$/);
    const listed = await episodeList();
    expect(Object.fromEntries(listed.filter((e) => e.title.includes('inside')).map((e) => [e.title, e.has_transcript]))).toEqual({
      'Pointing inside': false,
      'Redirected inside': false,
    });
  });
});
