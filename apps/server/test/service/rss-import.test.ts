/**
 * RSS import through the service on a real PostgreSQL: the real-feed corpus (test/fixtures/feeds,
 * sources in its README) served by a local server, each imported with its expected counts and fields;
 * a malformed feed writes nothing; a stopped import resumes without duplicates; re-import updates;
 * two users stay apart; audio, transcripts and chapters mirrored with expiry and cleanup. Recovery
 * from Spreaker is in rss-import-spreaker-recovery.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toneFile, pngFile } from '../support/audio-files.ts';
import { buildFeed, manyItems } from '../support/feed-server.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { RssImportSchema } from '../../src/domain/rss-import/rss-import.entity.ts';
import { rssImportBed } from './rss-import-bed.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/feeds/', import.meta.url));
const fixture = (name: string, type = 'application/rss+xml') => ({ body: readFileSync(`${FIXTURES}${name}`), type });
const bed = rssImportBed(() => ({
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
}));

describe('the real-feed corpus through the service', () => {
  it('Giant Bombcast: show fields, legacy categories mapped to Apple’s, episodes with guids, dates, durations, enclosures', async () => {
    const user = await bed.newUser();
    const { started, podcast, episodes, status } = await bed.importFeed(user, `${bed.server.origin}/giantbomb.rss`);
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
      // The feed's <language>en-us</language>, kept as written (issue 36).
      language: 'en-us',
      authorName: 'Giant Bomb',
      ownerName: 'Giant Bomb',
      ownerEmail: 'bombcast@giantbomb.com',
      copyrightLine: '2008-2019 CBS Interactive',
      explicit: false,
      podcastType: 'episodic',
      category: 'Leisure > Video Games',
      category2: 'Technology',
      category3: null,
      importedFeedUrl: `${bed.server.origin}/giantbomb.rss`,
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
    const { podcast, episodes } = await bed.importFeed(await bed.newUser(), `${bed.server.origin}/acast.xml`);
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
    const stranger = await bed.newUser();
    await expect(bed.services().rssImport.start(stranger, { rss_url: `${bed.server.origin}/pc20.xml` })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'This feed is locked by its owner (adam@curry.com). Sign in with that address or unlock the feed at its current host to import it.',
    });
    expect(await bed.orm.em.fork().count(PodcastSchema, { user: stranger.id })).toBe(0);

    const owner = await bed.newUser('adam@curry.com');
    const { podcast, episodes } = await bed.importFeed(owner, `${bed.server.origin}/pc20.xml`);
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
    const user = await bed.newUser();
    const podigee = await bed.importFeed(user, `${bed.server.origin}/podigee.rss`);
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

    const narro = await bed.importFeed(user, `${bed.server.origin}/moved.rss`);
    expect(narro.podcast.name).toBe('foobar on Narro');
    expect(narro.episodes).toHaveLength(1);
    expect(narro.episodes[0]).toMatchObject({ guid: 'https://www.narro.co/article/54e703933058540300000069', durationMs: 74_000 });

    const latin2 = await bed.importFeed(user, `${bed.server.origin}/latin2.rss`);
    expect(latin2.podcast.description).toBe('Przykładowe newsy z polski, w latin-2');
    // No guid in the feed: the enclosure URL is the identity and becomes the guid.
    expect(latin2.episodes[0]).toMatchObject({
      title: 'ZAŻÓŁĆ GĘSLĄ JAŹŃ',
      guid: 'http://www.example.pl/image.jpg',
      importKey: 'http://www.example.pl/image.jpg',
    });

    const folha = await bed.importFeed(user, `${bed.server.origin}/folha.rss`);
    expect(folha.podcast).toMatchObject({ language: 'pt-br', description: 'Primeiro jornal em tempo real em língua portuguesa' });
    expect(folha.episodes.map((e) => e.title).sort()).toEqual([
      'Análises cada vez mais precipitadas',
      'Vida de jogador: trocando seis por nada',
    ]);
    // No enclosures: nothing to mirror, the import is done at once.
    expect(folha.episodes.every((e) => e.mirrorStatus === null)).toBe(true);
    expect(folha.status.status).toBe('done');
    expect(await bed.services().notifications.findForUser(user)).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Import complete' })]),
    );
  });
});

describe('safety and resumption', () => {
  it("a malformed feed fails with the parser's reason and writes nothing", async () => {
    const user = await bed.newUser();
    await expect(bed.services().rssImport.start(user, { rss_url: `${bed.server.origin}/broken.rss` })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^The feed is not well-formed XML \(line 1: /),
    });
    await expect(bed.services().rssImport.start(user, { rss_url: '   ' })).rejects.toThrow('Please enter an RSS feed URL.');
    expect(await bed.orm.em.fork().count(PodcastSchema, { user: user.id })).toBe(0);
    expect(await bed.orm.em.fork().count(RssImportSchema, { user: user.id })).toBe(0);
  });

  it('an import stopped after its first batch resumes where it stopped, without duplicates; importing again adds only what is new', async () => {
    const user = await bed.newUser();
    bed.server.routes.set('/big.rss', { body: buildFeed({ title: 'Thousands of Episodes' }, manyItems(2_500)) });
    const started = await bed.services().rssImport.start(user, { rss_url: `${bed.server.origin}/big.rss` });
    const stop = new AbortController();
    await expect(
      bed.services().rssImport.runImport(started.import_id, {
        signal: stop.signal,
        onBatch: (done) => (done >= 400 ? stop.abort() : undefined),
      }),
    ).rejects.toThrow();
    const midway = await bed.services().rssImport.get(user, started.import_id);
    expect(midway).toMatchObject({ status: 'importing', episodes_imported: 400 });
    expect(await bed.orm.em.fork().count(EpisodeSchema, { podcast: started.podcast_id ?? '' })).toBe(400);

    const batches: number[] = [];
    await bed.services().rssImport.runImport(started.import_id, { onBatch: (done) => void batches.push(done) });
    expect(batches[0]).toBe(600);
    const [counts] = await bed.sql<{ n: string; keys: string; guids: string }>(
      'select count(*) as n, count(distinct import_key_hash) as keys, count(distinct guid) as guids from episodes where podcast_id = ?',
      [started.podcast_id],
    );
    expect(counts).toEqual({ n: '2500', keys: '2500', guids: '2500' });
    // A second run of a finished import changes nothing.
    await bed.services().rssImport.runImport(started.import_id);
    expect(await bed.orm.em.fork().count(EpisodeSchema, { podcast: started.podcast_id ?? '' })).toBe(2_500);

    // The feed grows by two episodes; importing it again updates the same show.
    bed.server.routes.set('/big.rss', { body: buildFeed({ title: 'Thousands of Episodes, renamed' }, manyItems(2_502)) });
    const preview = await bed.services().rssImport.preview(user, { rss_url: `${bed.server.origin}/big.rss` });
    expect(preview).toMatchObject({ existing_podcast_id: started.podcast_id, feed_total: 2_502 });
    expect(preview.episodes.map((e) => e.title)).toEqual(['Episode 2502', 'Episode 2501', 'Episode 2500', 'Episode 2499', 'Episode 2498']);
    const again = await bed.importFeed(user, `${bed.server.origin}/big.rss`);
    expect(again.podcast).toMatchObject({
      id: started.podcast_id,
      name: 'Thousands of Episodes, renamed',
      importedCount: 2_502,
      importFeedTotal: 2_502,
    });
    expect(again.episodes).toHaveLength(2_502);
  }, 60_000);

  it('two users import the same feed into two shows and never see each other’s', async () => {
    const [a, b] = [await bed.newUser(), await bed.newUser()];
    const ofA = await bed.importFeed(a, `${bed.server.origin}/narro.rss`);
    const ofB = await bed.importFeed(b, `${bed.server.origin}/narro.rss`);
    expect(ofA.podcast.id).not.toBe(ofB.podcast.id);
    expect(ofB.episodes).toHaveLength(1);
    await expect(bed.services().rssImport.get(b, ofA.started.import_id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Import not found',
    });
    await expect(bed.services().rssImport.episodes(b, ofA.podcast.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await bed.services().rssImport.episodes(a, ofA.podcast.id)).map((e) => e.title)).toEqual([ofA.episodes[0]?.title]);
  });
});

describe('mirroring external audio', () => {
  it('copies audio, artwork, transcripts and chapters into storage, serves the audio from here, and expires copies not served here', async () => {
    const user = await bed.newUser();
    const mp3 = readFileSync(toneFile(bed.files.dir, 'tone.mp3', 1));
    bed.server.routes.set('/m/cover.png', { body: readFileSync(pngFile(bed.files.dir)), type: 'image/png' });
    bed.server.routes.set('/m/1.mp3', { body: mp3, type: 'audio/mpeg' });
    bed.server.routes.set('/m/2.mp3', { body: mp3, type: 'audio/mpeg' });
    bed.server.routes.set('/m/1.vtt', { body: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n', type: 'text/vtt' });
    bed.server.routes.set('/m/1.json', {
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
        audioUrl: `${bed.server.origin}/m/1.mp3`,
        transcriptUrl: `${bed.server.origin}/m/1.vtt`,
        chaptersUrl: `${bed.server.origin}/m/1.json`,
      },
      { guid: 'm-2', title: 'Mirrored two', pubDate: new Date('2024-01-01T10:00:00Z'), audioUrl: `${bed.server.origin}/m/2.mp3` },
      {
        guid: 'm-3',
        title: 'Gone at the old host',
        pubDate: new Date('2023-12-31T10:00:00Z'),
        audioUrl: `${bed.server.origin}/m/missing.mp3`,
      },
    ];
    bed.server.routes.set('/m/feed.rss', {
      body: buildFeed({ title: 'Mirror Show', imageUrl: `${bed.server.origin}/m/cover.png` }, items),
    });
    const { started, podcast } = await bed.importFeed(user, `${bed.server.origin}/m/feed.rss`);
    expect(podcast.coverStorageKey).toBe(`users/${user.id}/podcasts/${podcast.id}/imported-cover.png`);

    // The rss.import job run again (pg-boss's retry) queues no second mirror job while one waits, and
    // queues it when the run that marked the import mirroring died before sending it.
    const mirrorJobs = async () =>
      Number(
        (
          await bed.sql<{ n: string }>(
            `select count(*) as n from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ? and state::text in ('created', 'retry', 'active')`,
            [started.import_id],
          )
        )[0]?.n,
      );
    expect(await mirrorJobs()).toBe(1);
    await bed.services().rssImport.runImport(started.import_id);
    expect(await mirrorJobs()).toBe(1);
    await bed.sql(`delete from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ?`, [started.import_id]);
    await bed.services().rssImport.runImport(started.import_id);
    expect(await mirrorJobs()).toBe(1);

    const done = await bed.services().rssImport.runMirror(started.import_id, { finalAttempt: false });
    expect(done).toMatchObject({ status: 'done', mirroredCount: 2, mirrorFailed: 1, mirrorTotal: 3 });
    const episodes = await bed.orm.em.fork().find(EpisodeSchema, { podcast: podcast.id }, { orderBy: { publishAt: 'desc' } });
    const [one, two, gone] = episodes;
    // The show is on the built-in host and the episodes are published: the copies are served from here.
    expect(one).toMatchObject({
      mirrorStatus: 'kept',
      finalAudioKey: `users/${user.id}/episodes/${one?.id}/source-audio.mp3`,
      finalAudioBytes: mp3.length,
      mirrorExpiresAt: null,
    });
    // Every field of a chapter is kept, those the file leaves out as their defaults (issue 36).
    expect(one?.chapters).toEqual([
      { title: 'Intro', start_s: 0, end_s: null, img: null, url: null, toc: true },
      { title: 'Main', start_s: 30.5, end_s: null, img: null, url: null, toc: true },
    ]);
    expect(one?.transcriptLinks?.[0]?.storageKey).toBe(`users/${user.id}/episodes/${one?.id}/transcript-0.vtt`);
    expect((await bed.shared.storage.readBytes(one?.finalAudioKey ?? '')).equals(mp3)).toBe(true);
    expect((await bed.shared.storage.readBytes(one?.transcriptLinks?.[0]?.storageKey ?? '')).toString()).toContain('Hello');
    expect(two?.mirrorStatus).toBe('kept');
    expect(gone).toMatchObject({
      mirrorStatus: 'failed',
      mirrorError: 'The audio address answered HTTP 404.',
      finalAudioKey: null,
      sourceAudioUrl: `${bed.server.origin}/m/missing.mp3`,
    });
    expect((await bed.services().rssImport.get(user, started.import_id)).mirrored_count).toBe(2);

    // A show hosted on Spreaker keeps its copies seven days only.
    await bed.sql(`update podcasts set host_kind = 'spreaker' where id = ?`, [podcast.id]);
    await bed.sql(
      `update episodes set mirror_status = 'done', mirror_key = final_audio_key, final_audio_key = null, mirror_expires_at = now() + interval '7 days' where podcast_id = ? and mirror_status = 'kept'`,
      [podcast.id],
    );
    expect(await bed.services().rssImport.cleanupMirrors()).toMatchObject({ removed: 0 });
    const later = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    expect(await bed.services().rssImport.cleanupMirrors(later)).toMatchObject({ removed: 2, kept: 0 });
    const expired = await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: one?.id ?? '' });
    expect(expired).toMatchObject({ mirrorStatus: 'expired', mirrorKey: null, sourceAudioUrl: `${bed.server.origin}/m/1.mp3` });
    expect(await bed.shared.storage.stat(`users/${user.id}/episodes/${one?.id}/source-audio.mp3`)).toBeNull();
  });
});
