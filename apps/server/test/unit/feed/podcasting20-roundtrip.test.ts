/**
 * Issue 36: a feed with every Podcasting 2.0 tag the product carries is read by the import, written
 * again by the feed builder, validated by podcast-partytime (an independent parser), and read by the
 * import once more: the second import equals the first, field by field.
 */
import { describe, expect, it } from 'vitest';
import { parseFeed as partytime, Phase4Medium } from 'podcast-partytime';
import { ZFeedShow, ZPublishableEpisode, type TFeedShow, type TPublishableEpisode } from '@ppp/contracts';
import { buildFeed, chaptersJson } from '../../../src/domain/publishing/feed/index.ts';
import { parseFeed, type TParsedFeed } from '../../../src/domain/rss-import/parse/index.ts';
import { episodeFields, showFields } from '../../../src/domain/rss-import/map-feed.ts';
import { chaptersFrom } from '../../../src/domain/rss-import/sidecar-copies.ts';
import { feedFixture } from '../rss-import/fixtures.ts';

const BASE = 'https://podcasts.example.com';
const NOW = new Date('2025-09-10T12:00:00Z');

/** What the product publishes of an imported feed: the show and episode columns the import wrote, as the feed service reads them. */
function published(feed: TParsedFeed): { show: TFeedShow; episodes: TPublishableEpisode[] } {
  const s = showFields(feed.show, 'https://every-tag.example.org/feed.xml');
  const show = ZFeedShow.parse({
    id: 'show-1',
    name: s.name,
    description: s.description,
    podcast_type: s.podcastType,
    language: s.language,
    copyright_line: s.copyrightLine,
    owner_name: s.ownerName,
    owner_email: s.ownerEmail,
    author_name: s.authorName,
    explicit: s.explicit,
    website_url: s.websiteUrl,
    locked: s.locked,
    podcast_guid: s.podcastGuid,
    cover_url: feed.show.artworkUrl,
    podcasting20: s.podcasting20,
  });
  const episodes = feed.items.map((item, index) => {
    const e = episodeFields(item, feed.show, NOW);
    return ZPublishableEpisode.parse({
      id: `e${index}`,
      title: e.title,
      description_html: e.description,
      guid: e.guid,
      publish_at: e.publishAt,
      duration_s: e.durationMs === null ? null : e.durationMs / 1000,
      enclosure: {
        url: `${BASE}/feeds/show-1/episodes/e${index}.mp3`,
        length: e.sourceAudioBytes ?? 0,
        type: e.sourceAudioType ?? 'audio/mpeg',
      },
      season: e.season,
      episode: e.episodeNumber,
      link: e.sourceLink,
      podcasting20: e.podcasting20,
    });
  });
  return { show, episodes };
}

/** The host both the show and its first episode name. */
const ADA = {
  name: 'Ada Lovelace',
  role: 'host',
  group: 'cast',
  img: 'https://every-tag.example.org/ada.jpg',
  href: 'https://ada.example.org/',
};

describe('Podcasting 2.0: import, publish, import again', () => {
  const first = parseFeed(feedFixture('podcasting20-every-tag.xml'));
  const { show, episodes } = published(first);
  const xml = buildFeed(show, episodes, { now: NOW, baseUrl: BASE });
  const second = parseFeed(Buffer.from(xml));

  it('reads every tag of the source feed', () => {
    expect(first.show.language).toBe('en-US');
    expect(first.show.podcasting20).toEqual({
      medium: 'podcast',
      persons: [ADA, { name: 'Charles Babbage', role: 'co-host', group: 'cast', img: null, href: null }],
      funding: [
        { url: 'https://every-tag.example.org/support', text: 'Support the show' },
        { url: 'https://patrons.example.org/every-tag', text: 'Become a patron' },
      ],
      location: { name: 'London', geo: 'geo:51.5194,-0.1270', osm: 'R65606' },
      license: { identifier: 'cc-by-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      txt: [
        { text: 'S6lpp-7ZCn8-dZfGc-OoyaG', purpose: 'verify' },
        { text: 'A note to apps.', purpose: null },
      ],
      trailers: [
        {
          title: 'Season two is coming',
          url: 'https://every-tag.example.org/trailer.mp3',
          pubdate: new Date('2025-09-01T08:00:00Z'),
          length: 123456,
          type: 'audio/mpeg',
          season: 2,
        },
      ],
    });
    expect(first.items[0]?.podcasting20).toEqual({
      persons: [ADA, { name: 'Mary Somerville', role: 'guest', group: 'cast', img: null, href: 'https://mary.example.org/' }],
      soundbites: [
        { start_s: 73.5, duration_s: 60, title: 'The poetry of numbers' },
        { start_s: 1234, duration_s: 42.25, title: 'Why engines dream' },
      ],
      location: { name: 'Buckingham Palace', geo: 'geo:51.5014,-0.1419', osm: null },
      license: { identifier: 'cc-by-sa-4.0', url: null },
      season_name: 'The Engines',
      txt: [{ text: 'Recorded live.', purpose: 'release' }],
      alternate_enclosures: [
        { url: 'https://every-tag.example.org/ep7-48k.mp3', type: 'audio/mpeg', length: 512000, bitrate: 48000, title: 'Low bandwidth' },
      ],
    });
  });

  it('writes a feed podcast-partytime reads every tag of', () => {
    const feed = partytime(xml);
    if (!feed) throw new Error('podcast-partytime could not parse the feed');
    expect(feed.language).toBe('en-US');
    expect(feed.medium).toBe(Phase4Medium.Podcast);
    // partytime names roles as the Podcast Taxonomy Project writes them (Host, Co-Host).
    expect(feed.podcastPeople?.map((p) => [p.name, p.role.toLowerCase()])).toEqual([
      ['Ada Lovelace', 'host'],
      ['Charles Babbage', 'co-host'],
    ]);
    expect(feed.podcastFunding).toEqual([
      { url: 'https://every-tag.example.org/support', message: 'Support the show' },
      { url: 'https://patrons.example.org/every-tag', message: 'Become a patron' },
    ]);
    expect(feed.podcastLocation).toEqual({ name: 'London', geo: 'geo:51.5194,-0.1270', osm: 'R65606' });
    expect(feed.license).toEqual({ identifier: 'cc-by-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' });
    expect(feed.podcastTxt).toEqual([{ value: 'S6lpp-7ZCn8-dZfGc-OoyaG', purpose: 'verify' }, { value: 'A note to apps.' }]);
    expect(feed.trailers).toMatchObject([
      { url: 'https://every-tag.example.org/trailer.mp3', length: 123456, type: 'audio/mpeg', season: 2 },
    ]);
    expect(feed.trailers?.[0]?.pubdate.toISOString()).toBe('2025-09-01T08:00:00.000Z');

    const item = feed.items[0];
    expect(item?.podcastSeason).toEqual({ number: 2, name: 'The Engines' });
    expect(item?.podcastPeople?.map((p) => [p.name, p.role.toLowerCase(), p.href])).toEqual([
      ['Ada Lovelace', 'host', 'https://ada.example.org/'],
      ['Mary Somerville', 'guest', 'https://mary.example.org/'],
    ]);
    expect(item?.podcastSoundbites).toEqual([
      { startTime: 73.5, duration: 60, title: 'The poetry of numbers' },
      { startTime: 1234, duration: 42.25, title: 'Why engines dream' },
    ]);
    expect(item?.podcastLocation).toEqual({ name: 'Buckingham Palace', geo: 'geo:51.5014,-0.1419' });
    expect(item?.license).toMatchObject({ identifier: 'cc-by-sa-4.0' });
    expect(item?.podcastTxt).toEqual([{ value: 'Recorded live.', purpose: 'release' }]);
    expect(item?.alternativeEnclosures).toMatchObject([
      {
        type: 'audio/mpeg',
        length: 512000,
        bitrate: 48000,
        title: 'Low bandwidth',
        source: [{ uri: 'https://every-tag.example.org/ep7-48k.mp3' }],
      },
    ]);
  });

  it('reads back from its own feed exactly what it imported, field by field', () => {
    expect(second.show.language).toBe(first.show.language);
    for (const key of Object.keys(first.show.podcasting20) as (keyof typeof first.show.podcasting20)[]) {
      expect(second.show.podcasting20[key], key).toEqual(first.show.podcasting20[key]);
    }
    expect(second.items).toHaveLength(first.items.length);
    for (const [index, item] of first.items.entries()) {
      const again = second.items[index];
      for (const key of Object.keys(item.podcasting20) as (keyof typeof item.podcasting20)[]) {
        expect(again?.podcasting20[key], `item ${index} ${key}`).toEqual(item.podcasting20[key]);
      }
      expect([again?.season, again?.episode, again?.guid, again?.link]).toEqual([item.season, item.episode, item.guid, item.link]);
    }
    expect([second.show.ownerEmail, second.show.author, second.show.podcastGuid]).toEqual([
      first.show.ownerEmail,
      first.show.author,
      first.show.podcastGuid,
    ]);
  });

  it("keeps an imported chapter's image, link, end and toc flag, and writes them back unchanged", () => {
    const source = {
      version: '1.2.0',
      chapters: [
        { startTime: 0, title: 'Cold open', toc: false },
        {
          startTime: 12.5,
          endTime: 300,
          title: 'The engine',
          img: 'https://every-tag.example.org/engine.png',
          url: 'https://every-tag.example.org/engine',
        },
      ],
    };
    const kept = chaptersFrom(source);
    expect(kept).toEqual([
      { start_s: 0, end_s: null, title: 'Cold open', img: null, url: null, toc: false },
      {
        start_s: 12.5,
        end_s: 300,
        title: 'The engine',
        img: 'https://every-tag.example.org/engine.png',
        url: 'https://every-tag.example.org/engine',
        toc: true,
      },
    ]);
    expect(chaptersJson(kept ?? [])).toEqual(source);
  });
});
