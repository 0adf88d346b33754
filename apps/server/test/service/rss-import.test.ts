/**
 * RSS import through the service on a real PostgreSQL: the real-feed corpus (test/fixtures/feeds,
 * sources in its README) served by a local server, each imported with its expected counts and fields;
 * a malformed feed writes nothing; a stopped import resumes without duplicates; re-import updates;
 * two users stay apart; audio, transcripts and chapters mirrored with expiry and cleanup; Spreaker recovery.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm } from '../support/database.ts';
import { testConfig, uniqueEmail, registerAccount } from '../support/fixtures.ts';
import { tempDir, toneFile, pngFile } from '../support/audio-files.ts';
import { buildFeed, manyItems, startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { createServices, type SharedDeps } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { RssImportSchema } from '../../src/domain/rss-import/rss-import.entity.ts';
import { RssImportService } from '../../src/domain/rss-import/rss-import.service.ts';
import { SpreakerClient } from '../../src/adapters/spreaker/index.ts';
import { FakeSpreaker } from '../unit/spreaker/fake-spreaker.ts';
import type { User } from '../../src/domain/users/user.entity.ts';
import type { TConfig } from '../../src/config.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/feeds/', import.meta.url));
let orm: MikroORM;
let config: TConfig;
let shared: SharedDeps;
let server: FeedServer;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
const services = () => createServices(orm.em.fork(), shared);
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

async function newUser(email = uniqueEmail('importer')): Promise<User> {
  await registerAccount(services(), email);
  const [row] = await sql<{ id: string }>('select id from users where email = ?', [email]);
  const user = await services().users.getById(row?.id ?? '');
  user.isActive = true;
  await sql('update users set is_active = true where id = ?', [user.id]);
  return user;
}

/** start + the rss.import job's work, as the worker runs it. */
async function importFeed(user: User, url: string) {
  const started = await services().rssImport.start(user, { rss_url: url });
  const row = await services().rssImport.runImport(started.import_id);
  const podcast = await orm.em.fork().findOneOrFail(PodcastSchema, { id: started.podcast_id ?? '' });
  const episodes = await orm.em
    .fork()
    .find(EpisodeSchema, { podcast: podcast.id }, { orderBy: { publishAt: 'desc nulls last', title: 'asc' } });
  return { started, row, podcast, episodes, status: await services().rssImport.get(user, started.import_id) };
}

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  storage = tempDir('ppp-rss-storage-');
  files = tempDir('ppp-rss-files-');
  config = testConfig(db.databaseUrl, { IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1', STORAGE_DIR: storage.dir });
  shared = sharedDepsFor(config, { storage: new LocalStorage(storage.dir) });
  const fixture = (name: string, type = 'application/rss+xml') => ({ body: readFileSync(`${FIXTURES}${name}`), type });
  server = await startFeedServer({
    '/giantbomb.rss': fixture('giantbomb-podcast.rss'),
    '/acast.xml': fixture('acast-sentimental-garbage.xml', 'application/xml'),
    '/pc20.xml': fixture('podcasting20-pc20rss.xml', 'text/xml'),
    '/podigee.rss': fixture('podigee-baywatch-berlin.rss'),
    '/narro.rss': fixture('narro.rss'),
    '/latin2.rss': fixture('latin2.rss', 'text/xml'),
    '/folha.rss': fixture('folha-rss091-latin1.rss', 'text/xml; charset=iso-8859-1'),
    '/moved.rss': { status: 301, body: '', headers: { location: '/narro.rss' } },
    '/broken.rss': {
      body: '<?xml version="1.0"?><rss version="2.0"><channel><title>Broken</title><item><title>One</item></channel></rss>',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await shared?.jobs.close();
  await orm?.close();
  storage?.remove();
  files?.remove();
});

describe('the real-feed corpus through the service', () => {
  it('Giant Bombcast: show fields, legacy categories mapped to Apple’s, episodes with guids, dates, durations, enclosures', async () => {
    const user = await newUser();
    const { started, podcast, episodes, status } = await importFeed(user, `${server.origin}/giantbomb.rss`);
    expect(started).toMatchObject({
      podcast_name: 'Giant Bombcast',
      status: 'queued',
      spreaker_attempted: false,
      spreaker_linked: false,
      auto_publish_started: false,
    });
    expect(started.import_status).toEqual({ needs_full_import: true, imported_count: 0, feed_total: 2 });
    expect(podcast).toMatchObject({
      name: 'Giant Bombcast',
      language: 'en',
      authorName: 'Giant Bomb',
      ownerName: 'Giant Bomb',
      ownerEmail: 'bombcast@giantbomb.com',
      copyrightLine: '2008-2019 CBS Interactive',
      explicit: false,
      podcastType: 'episodic',
      category: 'Leisure > Video Games',
      category2: 'Technology',
      category3: null,
      importedFeedUrl: `${server.origin}/giantbomb.rss`,
      importFeedTotal: 2,
      importedCount: 2,
    });
    expect(episodes.map((e) => e.guid)).toEqual(['1600-2823', '1600-2818']);
    expect(episodes[0]).toMatchObject({
      title: 'Giant Bombcast 603: Call of Tuesday',
      durationMs: 10_475_000,
      status: 'published',
      episodeType: 'full',
      explicit: false,
      sourceAudioUrl:
        'https://dts.podtrac.com/redirect.mp3/www.giantbomb.com/podcasts/download/2823/603__Call_of_Tuesday-10-01-2019-6277737276.mp3',
      sourceAudioType: 'audio/mpeg',
      sourceAudioBytes: 105_003_355,
      mirrorStatus: 'pending',
    });
    expect(episodes[0]?.publishedAt?.toISOString()).toBe('2019-10-01T22:30:00.000Z');
    expect(episodes[1]?.description).toContain("we're here to talk about like 12 of them! Let's check in");
    // External audio waits for rss.mirror; the show's counts are final.
    expect(status).toMatchObject({ status: 'mirroring', episodes_imported: 2, mirror_total: 2, mirrored_count: 0 });
    expect(status.import_status).toEqual({ needs_full_import: false, imported_count: 2, feed_total: 2 });
  });

  it('Sentimental Garbage (Acast): explicit show, seasons and numbers, sanitised CDATA notes', async () => {
    const { podcast, episodes } = await importFeed(await newUser(), `${server.origin}/acast.xml`);
    expect(podcast).toMatchObject({
      name: 'Sentimental Garbage',
      explicit: true,
      language: 'en',
      ownerEmail: 'info+edd6bde5-221e-4c07-bde8-2a0241ccc6e0@mg.pippa.io',
    });
    expect(podcast.description).toContain('href="https://acast.com/privacy"');
    expect(podcast.description).not.toContain('style=');
    expect(episodes).toHaveLength(2);
    expect(episodes[0]).toMatchObject({
      guid: '64ce024b17496000117178ca',
      title: 'Barbie with Jen Cownie',
      season: 10,
      episodeNumber: 29,
      explicit: true,
      durationMs: 3_920_000,
    });
    expect(episodes[1]?.durationMs).toBe(4_345_000);
  });

  it('Podcasting 2.0: podcast:guid kept, transcript and chapters links kept; locked to its owner', async () => {
    const stranger = await newUser();
    await expect(services().rssImport.start(stranger, { rss_url: `${server.origin}/pc20.xml` })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'This feed is locked by its owner (adam@curry.com). Sign in with that address or unlock the feed at its current host to import it.',
    });
    expect(await orm.em.fork().count(PodcastSchema, { user: stranger.id })).toBe(0);

    const owner = await newUser('adam@curry.com');
    const { podcast, episodes } = await importFeed(owner, `${server.origin}/pc20.xml`);
    expect(podcast).toMatchObject({
      name: 'Podcasting 2.0',
      podcastGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
      locked: true,
      category: 'News',
      category2: 'Technology',
    });
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({
      guid: 'PC2057',
      title: 'Episode 57: Rebel Rubes',
      durationMs: null,
      transcriptLinks: [{ url: 'https://mp3s.nashownotes.com/PC20-57-Captions.srt', type: 'application/srt', language: null, rel: null }],
      chaptersUrl: 'http://34.117.70.159/http%3Amp3s.nashownotes.compc20rss.xml/PC2057',
    });
    expect(episodes[0]?.description).toContain('<p><strong>Podcasting 2.0 for October 8th 2021 Episode 57: Rebel Rubes</strong></p>');
  });

  it('Baywatch Berlin (Podigee), Narro through a redirect, latin-2 and RSS 0.91 latin-1 feeds', async () => {
    const user = await newUser();
    const podigee = await importFeed(user, `${server.origin}/podigee.rss`);
    expect(podigee.podcast).toMatchObject({
      name: 'Baywatch Berlin',
      language: 'de',
      category: 'Comedy',
      category2: 'Society & Culture',
      category3: 'TV & Film',
    });
    expect(podigee.episodes[0]).toMatchObject({
      title: 'Trailer',
      episodeType: 'trailer',
      episodeNumber: 1,
      season: null,
      durationMs: 114_000,
    });
    expect(podigee.episodes[0]?.sourceAudioUrl).toBe(
      'https://cdn.podigee.com/media/podcast_16544_baywatch_berlin_episode_1_trailer.mp3?v=1574079359&source=feed',
    );

    const narro = await importFeed(user, `${server.origin}/moved.rss`);
    expect(narro.podcast.name).toBe('foobar on Narro');
    expect(narro.episodes).toHaveLength(1);
    expect(narro.episodes[0]).toMatchObject({ guid: 'https://www.narro.co/article/54e703933058540300000069', durationMs: 74_000 });

    const latin2 = await importFeed(user, `${server.origin}/latin2.rss`);
    expect(latin2.podcast.description).toBe('Przykładowe newsy z polski, w latin-2');
    // No guid in the feed: the enclosure URL is the identity and becomes the guid.
    expect(latin2.episodes[0]).toMatchObject({
      title: 'ZAŻÓŁĆ GĘSLĄ JAŹŃ',
      guid: 'http://www.example.pl/image.jpg',
      importKey: 'http://www.example.pl/image.jpg',
    });

    const folha = await importFeed(user, `${server.origin}/folha.rss`);
    expect(folha.podcast).toMatchObject({ language: 'pt-br', description: 'Primeiro jornal em tempo real em língua portuguesa' });
    expect(folha.episodes.map((e) => e.title).sort()).toEqual([
      'Análises cada vez mais precipitadas',
      'Vida de jogador: trocando seis por nada',
    ]);
    // No enclosures: nothing to mirror, the import is done at once.
    expect(folha.episodes.every((e) => e.mirrorStatus === null)).toBe(true);
    expect(folha.status.status).toBe('done');
    expect(await services().notifications.findForUser(user)).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Import complete' })]),
    );
  });
});

describe('safety and resumption', () => {
  it("a malformed feed fails with the parser's reason and writes nothing", async () => {
    const user = await newUser();
    await expect(services().rssImport.start(user, { rss_url: `${server.origin}/broken.rss` })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^The feed is not well-formed XML \(line 1: /),
    });
    await expect(services().rssImport.start(user, { rss_url: '   ' })).rejects.toThrow('Please enter an RSS feed URL.');
    expect(await orm.em.fork().count(PodcastSchema, { user: user.id })).toBe(0);
    expect(await orm.em.fork().count(RssImportSchema, { user: user.id })).toBe(0);
  });

  it('an import stopped after its first batch resumes where it stopped, without duplicates; importing again adds only what is new', async () => {
    const user = await newUser();
    server.routes.set('/big.rss', { body: buildFeed({ title: 'Thousands of Episodes' }, manyItems(2_500)) });
    const started = await services().rssImport.start(user, { rss_url: `${server.origin}/big.rss` });
    const stop = new AbortController();
    await expect(
      services().rssImport.runImport(started.import_id, {
        signal: stop.signal,
        onBatch: (done) => (done >= 400 ? stop.abort() : undefined),
      }),
    ).rejects.toThrow();
    const midway = await services().rssImport.get(user, started.import_id);
    expect(midway).toMatchObject({ status: 'importing', episodes_imported: 400 });
    expect(await orm.em.fork().count(EpisodeSchema, { podcast: started.podcast_id ?? '' })).toBe(400);

    const batches: number[] = [];
    await services().rssImport.runImport(started.import_id, { onBatch: (done) => void batches.push(done) });
    expect(batches[0]).toBe(600);
    const [counts] = await sql<{ n: string; keys: string; guids: string }>(
      'select count(*) as n, count(distinct import_key_hash) as keys, count(distinct guid) as guids from episodes where podcast_id = ?',
      [started.podcast_id],
    );
    expect(counts).toEqual({ n: '2500', keys: '2500', guids: '2500' });
    // A second run of a finished import changes nothing.
    await services().rssImport.runImport(started.import_id);
    expect(await orm.em.fork().count(EpisodeSchema, { podcast: started.podcast_id ?? '' })).toBe(2_500);

    // The feed grows by two episodes; importing it again updates the same show.
    server.routes.set('/big.rss', { body: buildFeed({ title: 'Thousands of Episodes, renamed' }, manyItems(2_502)) });
    const preview = await services().rssImport.preview(user, { rss_url: `${server.origin}/big.rss` });
    expect(preview).toMatchObject({ existing_podcast_id: started.podcast_id, feed_total: 2_502 });
    expect(preview.episodes.map((e) => e.title)).toEqual(['Episode 2502', 'Episode 2501', 'Episode 2500', 'Episode 2499', 'Episode 2498']);
    const again = await importFeed(user, `${server.origin}/big.rss`);
    expect(again.podcast).toMatchObject({
      id: started.podcast_id,
      name: 'Thousands of Episodes, renamed',
      importedCount: 2_502,
      importFeedTotal: 2_502,
    });
    expect(again.episodes).toHaveLength(2_502);
  }, 60_000);

  it('two users import the same feed into two shows and never see each other’s', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const ofA = await importFeed(a, `${server.origin}/narro.rss`);
    const ofB = await importFeed(b, `${server.origin}/narro.rss`);
    expect(ofA.podcast.id).not.toBe(ofB.podcast.id);
    expect(ofB.episodes).toHaveLength(1);
    await expect(services().rssImport.get(b, ofA.started.import_id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Import not found',
    });
    await expect(services().rssImport.episodes(b, ofA.podcast.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await services().rssImport.episodes(a, ofA.podcast.id)).map((e) => e.title)).toEqual([ofA.episodes[0]?.title]);
  });
});

describe('mirroring external audio', () => {
  it('copies audio, artwork, transcripts and chapters into storage, serves the audio from here, and expires copies not served here', async () => {
    const user = await newUser();
    const mp3 = readFileSync(toneFile(files.dir, 'tone.mp3', 1));
    server.routes.set('/m/cover.png', { body: readFileSync(pngFile(files.dir)), type: 'image/png' });
    server.routes.set('/m/1.mp3', { body: mp3, type: 'audio/mpeg' });
    server.routes.set('/m/2.mp3', { body: mp3, type: 'audio/mpeg' });
    server.routes.set('/m/1.vtt', { body: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n', type: 'text/vtt' });
    server.routes.set('/m/1.json', {
      body: JSON.stringify({
        version: '1.2.0',
        chapters: [
          { startTime: 0, title: 'Intro' },
          { startTime: 30.5, title: 'Main' },
        ],
      }),
      type: 'application/json',
    });
    const items = [
      {
        guid: 'm-1',
        title: 'Mirrored one',
        pubDate: new Date('2024-01-02T10:00:00Z'),
        audioUrl: `${server.origin}/m/1.mp3`,
        transcriptUrl: `${server.origin}/m/1.vtt`,
        chaptersUrl: `${server.origin}/m/1.json`,
      },
      { guid: 'm-2', title: 'Mirrored two', pubDate: new Date('2024-01-01T10:00:00Z'), audioUrl: `${server.origin}/m/2.mp3` },
      { guid: 'm-3', title: 'Gone at the old host', pubDate: new Date('2023-12-31T10:00:00Z'), audioUrl: `${server.origin}/m/missing.mp3` },
    ];
    server.routes.set('/m/feed.rss', { body: buildFeed({ title: 'Mirror Show', imageUrl: `${server.origin}/m/cover.png` }, items) });
    const { started, podcast } = await importFeed(user, `${server.origin}/m/feed.rss`);
    expect(podcast.coverStorageKey).toBe(`users/${user.id}/podcasts/${podcast.id}/imported-cover.png`);

    // The rss.import job run again (pg-boss's retry) queues no second mirror job while one waits, and
    // queues it when the run that marked the import mirroring died before sending it.
    const mirrorJobs = async () =>
      Number(
        (
          await sql<{ n: string }>(
            `select count(*) as n from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ? and state::text in ('created', 'retry', 'active')`,
            [started.import_id],
          )
        )[0]?.n,
      );
    expect(await mirrorJobs()).toBe(1);
    await services().rssImport.runImport(started.import_id);
    expect(await mirrorJobs()).toBe(1);
    await sql(`delete from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ?`, [started.import_id]);
    await services().rssImport.runImport(started.import_id);
    expect(await mirrorJobs()).toBe(1);

    const done = await services().rssImport.runMirror(started.import_id, { finalAttempt: false });
    expect(done).toMatchObject({ status: 'done', mirroredCount: 2, mirrorFailed: 1, mirrorTotal: 3 });
    const episodes = await orm.em.fork().find(EpisodeSchema, { podcast: podcast.id }, { orderBy: { publishAt: 'desc' } });
    const [one, two, gone] = episodes;
    // The show is on the built-in host and the episodes are published: the copies are served from here.
    expect(one).toMatchObject({
      mirrorStatus: 'kept',
      finalAudioKey: `users/${user.id}/episodes/${one?.id}/source-audio.mp3`,
      finalAudioBytes: mp3.length,
      mirrorExpiresAt: null,
    });
    expect(one?.chapters).toEqual([
      { title: 'Intro', start_s: 0 },
      { title: 'Main', start_s: 30.5 },
    ]);
    expect(one?.transcriptLinks?.[0]?.storageKey).toBe(`users/${user.id}/episodes/${one?.id}/transcript-0.vtt`);
    expect((await shared.storage.readBytes(one?.finalAudioKey ?? '')).equals(mp3)).toBe(true);
    expect((await shared.storage.readBytes(one?.transcriptLinks?.[0]?.storageKey ?? '')).toString()).toContain('Hello');
    expect(two?.mirrorStatus).toBe('kept');
    expect(gone).toMatchObject({
      mirrorStatus: 'failed',
      mirrorError: 'The audio address answered HTTP 404.',
      finalAudioKey: null,
      sourceAudioUrl: `${server.origin}/m/missing.mp3`,
    });
    expect((await services().rssImport.get(user, started.import_id)).mirrored_count).toBe(2);

    // A show hosted on Spreaker keeps its copies seven days only.
    await sql(`update podcasts set host_kind = 'spreaker' where id = ?`, [podcast.id]);
    await sql(
      `update episodes set mirror_status = 'done', mirror_key = final_audio_key, final_audio_key = null, mirror_expires_at = now() + interval '7 days' where podcast_id = ? and mirror_status = 'kept'`,
      [podcast.id],
    );
    expect(await services().rssImport.cleanupMirrors()).toMatchObject({ removed: 0 });
    const later = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    expect(await services().rssImport.cleanupMirrors(later)).toMatchObject({ removed: 2, kept: 0 });
    const expired = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: one?.id ?? '' });
    expect(expired).toMatchObject({ mirrorStatus: 'expired', mirrorKey: null, sourceAudioUrl: `${server.origin}/m/1.mp3` });
    expect(await shared.storage.stat(`users/${user.id}/episodes/${one?.id}/source-audio.mp3`)).toBeNull();
  });
});

describe('recover from Spreaker', () => {
  it("adds the linked show's episodes its RSS feed left out, once, and copies their audio and artwork with the mirror job", async () => {
    const spreaker = new FakeSpreaker();
    const episode = (id: number, title: string, day: number) => ({
      episode_id: id,
      show_id: 77,
      title,
      description: `<p>${title}</p>`,
      duration: 61_000,
      published_at: `2024-01-${String(day).padStart(2, '0')} 10:00:00`,
      download_url: `${server.origin}/sp/${id}.mp3`,
      image_url: id === 1 ? `${server.origin}/sp/1.png` : null,
      plays_count: 5,
    });
    spreaker.on('GET', '/v2/shows/77/episodes', () => ({
      body: { response: { items: [episode(3, 'Third', 3), episode(2, 'Second', 2), episode(1, 'First', 1)], next_url: null } },
    }));
    await spreaker.start();
    try {
      const user = await newUser();
      // Publishing to Spreaker on its own is a Creator feature (spec 002 §9).
      user.tier = 'creator';
      const feed = buildFeed({ title: 'On Spreaker' }, [
        { guid: 'https://api.spreaker.com/episode/3', title: 'Third', pubDate: new Date('2024-01-03T10:00:00Z') },
      ]);
      server.routes.set('/spreaker.rss', { body: feed });
      const published: [string, string, string][] = [];
      const withSpreaker = (client: SpreakerClient | null) => {
        const em = orm.em.fork();
        const services = createServices(em, shared);
        return new RssImportService({
          em,
          config,
          storage: shared.storage,
          jobs: shared.jobs,
          notifications: services.notifications,
          features: services.plans,
          limits: services.limits,
          spreakerFor: async () => client,
          autoPublish: async (userId, podcastId, state) => (published.push([userId, podcastId, state]), true),
        });
      };
      const started = await withSpreaker(null).start(user, {
        rss_url: `${server.origin}/spreaker.rss`,
        auto_publish_to_spreaker: true,
        publish_state: 'limited',
      });
      const podcast = await orm.em.fork().findOneOrFail(PodcastSchema, { id: started.podcast_id ?? '' });
      await expect(withSpreaker(null).recoverFromSpreaker(user, podcast.id)).rejects.toMatchObject({ code: 'CONFLICT' });
      // The show is linked to Spreaker show 77 (as attempt_link_spreaker does for a spreaker.com feed).
      await sql(`update podcasts set spreaker_show_id = '77', host_kind = 'spreaker' where id = ?`, [podcast.id]);
      // Linking a spreaker.com feed also counts the show's episodes there (linkSpreakerShow, unit-tested): 3, where the feed lists 1.
      await sql('update rss_imports set host_total = 3 where id = ?', [started.import_id]);
      await withSpreaker(null).runImport(started.import_id);
      expect((await services().rssImport.get(user, started.import_id)).import_status).toEqual({
        needs_full_import: true,
        imported_count: 1,
        feed_total: 3,
      });
      // Its items are already on Spreaker (their guid says which episode); auto-publish was started for the rest.
      expect(await orm.em.fork().findOneOrFail(EpisodeSchema, { podcast: podcast.id, title: 'Third' })).toMatchObject({
        hostKind: 'spreaker',
        hostEpisodeId: '3',
      });
      expect(published).toEqual([[user.id, podcast.id, 'limited']]);
      expect((await services().rssImport.get(user, started.import_id)).auto_publish_started).toBe(true);
      await expect(withSpreaker(null).recoverFromSpreaker(user, podcast.id)).rejects.toMatchObject({
        message: 'Not connected. Connect Spreaker first.',
      });
      const client = new SpreakerClient({ accessToken: 'token', baseUrl: spreaker.origin });
      expect(await withSpreaker(client).recoverFromSpreaker(user, podcast.id)).toEqual({
        recovered_count: 2,
        import_status: { needs_full_import: false, imported_count: 3, feed_total: 3 },
      });
      expect(await withSpreaker(client).recoverFromSpreaker(user, podcast.id)).toMatchObject({ recovered_count: 0 });
      const titles = (await services().rssImport.episodes(user, podcast.id)).map((e) => e.title);
      expect(titles).toEqual(['Third', 'Second', 'First']);
      const first = await orm.em.fork().findOneOrFail(EpisodeSchema, { podcast: podcast.id, title: 'First' });
      expect(first).toMatchObject({
        hostKind: 'spreaker',
        hostEpisodeId: '1',
        guid: 'https://api.spreaker.com/episode/1',
        durationMs: 61_000,
        status: 'published',
        playsTotal: 5,
      });

      // Their audio is copied by the same rss.mirror job as an import's, under a row of the recovery's own.
      const recovery = await orm.em.fork().findOneOrFail(RssImportSchema, { podcast: podcast.id, feedStorageKey: null });
      expect(recovery).toMatchObject({
        status: 'mirroring',
        feedUrl: 'https://api.spreaker.com/v2/shows/77/episodes',
        importedCount: 2,
        mirrorTotal: 2,
        feedTotal: 3,
      });
      expect(first).toMatchObject({ mirrorStatus: 'pending', mirrorImportId: recovery.id, sourceAudioUrl: `${server.origin}/sp/1.mp3` });
      const mirrorJobs = async () =>
        Number(
          (
            await sql<{ n: string }>(
              `select count(*) as n from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ? and state::text in ('created', 'retry', 'active')`,
              [recovery.id],
            )
          )[0]?.n,
        );
      expect(await mirrorJobs()).toBe(1);
      // A recovery run again after the job was lost (a crash between the commit and the send) sends it again, once.
      await sql(`delete from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ?`, [recovery.id]);
      await withSpreaker(client).recoverFromSpreaker(user, podcast.id);
      await withSpreaker(client).recoverFromSpreaker(user, podcast.id);
      expect(await mirrorJobs()).toBe(1);
      const mp3 = readFileSync(toneFile(files.dir, 'spreaker.mp3', 1));
      server.routes.set('/sp/1.mp3', { body: mp3, type: 'audio/mpeg' });
      server.routes.set('/sp/2.mp3', { body: mp3, type: 'audio/mpeg' });
      server.routes.set('/sp/1.png', { body: readFileSync(pngFile(files.dir, 'spreaker.png')), type: 'image/png' });
      expect(await withSpreaker(client).runMirror(recovery.id, { finalAttempt: false })).toMatchObject({
        status: 'done',
        mirroredCount: 2,
        mirrorFailed: 0,
      });
      const copied = await orm.em
        .fork()
        .find(EpisodeSchema, { podcast: podcast.id, mirrorImportId: recovery.id }, { orderBy: { title: 'asc' } });
      expect(copied.map((e) => [e.title, e.mirrorStatus, e.mirrorKey])).toEqual([
        ['First', 'done', `users/${user.id}/episodes/${first.id}/source-audio.mp3`],
        ['Second', 'done', `users/${user.id}/episodes/${copied[1]?.id}/source-audio.mp3`],
      ]);
      expect((await shared.storage.readBytes(first.id ? `users/${user.id}/episodes/${first.id}/source-audio.mp3` : '')).equals(mp3)).toBe(
        true,
      );
      // The artwork Spreaker gives it is copied too, as its cover.
      expect(copied[0]?.coverStorageKey).toBe(`users/${user.id}/episodes/${first.id}/imported-cover.png`);
    } finally {
      await spreaker.stop();
    }
  });
});
