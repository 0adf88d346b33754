import { describe, expect, it } from 'vitest';
import {
  appleCategories,
  categoryColumn,
  episodeFields,
  languageOf,
  showFields,
  uniqueItems,
} from '../../../src/domain/rss-import/map-feed.ts';
import { spreakerEpisodeGuid, spreakerEpisodeIdOf, spreakerShowIdFromUrl } from '../../../src/domain/rss-import/spreaker-ids.ts';
import { linkSpreakerShow } from '../../../src/domain/rss-import/spreaker-link.ts';
import { parseFeed } from '../../../src/domain/rss-import/parse/index.ts';
import { SpreakerClient } from '../../../src/adapters/spreaker/index.ts';
import type { Podcast } from '../../../src/domain/podcasts/podcast.entity.ts';
import { FakeSpreaker } from '../spreaker/fake-spreaker.ts';
import { feedFixture, parsedItem } from './fixtures.ts';

describe('feed to show and episode columns', () => {
  it("maps categories onto Apple's current list, renamed ones included, at most three", () => {
    expect(
      appleCategories([
        { name: 'Games & Hobbies', subcategories: ['Video Games'] },
        { name: 'technology', subcategories: ['Gadgets'] },
        { name: 'News & Politics', subcategories: [] },
        { name: 'Arts', subcategories: ['Books'] },
        { name: 'Made Up', subcategories: [] },
      ]).map(categoryColumn),
    ).toEqual(['Leisure > Video Games', 'Technology', 'News']);
    expect(appleCategories([{ name: 'Arts', subcategories: ['Nope', 'Books'] }]).map(categoryColumn)).toEqual(['Arts > Books']);
  });

  it('maps languages onto the 17 offered', () => {
    // A region is kept as written (issue 36): the show and its feed say en-US again.
    expect(languageOf('en-US')).toBe('en-US');
    expect(languageOf('en-us')).toBe('en-us');
    expect(languageOf('pt-BR')).toBe('pt-BR');
    expect(languageOf('pt_PT')).toBe('pt-PT');
    expect(languageOf('en-not-a-tag')).toBe('en');
    expect(languageOf('tlh')).toBe('en');
    expect(languageOf(null)).toBe('en');
  });

  it('keeps a valid podcast:guid and drops a malformed one; invalid owner mail is not kept', () => {
    const { show } = parseFeed(feedFixture('podcasting20-pc20rss.xml'));
    expect(showFields(show, 'https://x.example/feed').podcastGuid).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(showFields({ ...show, podcastGuid: 'not-a-uuid', ownerEmail: 'nobody' }, 'https://x.example/feed')).toMatchObject({
      podcastGuid: null,
      ownerEmail: null,
    });
  });

  it('dates in the future stay scheduled; an item without title gets one from its date', () => {
    const item = parsedItem('https://x.example/a.mp3', {
      pubDate: new Date('2030-01-01T00:00:00Z'),
      enclosure: { url: 'https://x.example/a.mp3', length: null, type: 'audio/mpeg' },
    });
    const { show } = parseFeed(feedFixture('narro.rss'));
    expect(episodeFields(item, show, new Date('2025-01-01T00:00:00Z'))).toMatchObject({
      status: 'scheduled',
      publishedAt: null,
      title: 'Episode of 2030-01-01',
      guid: 'https://x.example/a.mp3',
      mirrorStatus: 'pending',
    });
    expect(uniqueItems([item, { ...item, title: 'again' }])).toHaveLength(1);
  });
});

describe('Spreaker feeds', () => {
  it('reads show and episode ids from Spreaker URLs and guids', () => {
    expect(spreakerShowIdFromUrl('https://www.spreaker.com/show/4925442/episodes/feed')).toBe(4925442);
    expect(spreakerShowIdFromUrl('https://api.spreaker.com/show/12/episodes/feed')).toBe(12);
    expect(spreakerShowIdFromUrl('https://example.com/show/12/episodes/feed')).toBeNull();
    expect(spreakerEpisodeIdOf(spreakerEpisodeGuid(987))).toBe('987');
    expect(spreakerEpisodeIdOf('https://example.com/episode/987')).toBeNull();
  });

  it("links the show only when it is one of the connected user's shows, and counts the episodes Spreaker has", async () => {
    let episodesAnswer = 200;
    const fake = new FakeSpreaker()
      .on('GET', '/v2/me', () => ({ body: { response: { user: { user_id: 5, fullname: 'Host' } } } }))
      .on('GET', '/v2/users/5/shows', () => ({ body: { response: { items: [{ show_id: 4925442, title: 'Mine' }], next_url: null } } }))
      .on('GET', '/v2/shows/4925442/episodes', () =>
        episodesAnswer === 200
          ? {
              body: {
                response: { items: [1, 2, 3].map((id) => ({ episode_id: id, show_id: 4925442, title: `Episode ${id}` })), next_url: null },
              },
            }
          : { status: episodesAnswer, body: { response: { error: { messages: ['unavailable'] } } } },
      );
    await fake.start();
    try {
      const client = new SpreakerClient({ accessToken: 't', baseUrl: fake.origin });
      const podcast = { spreakerShowId: null, hostKind: 'builtin' } as unknown as Podcast;
      const unlinked = { linked: false, hostTotal: null };
      expect(await linkSpreakerShow(null, podcast, ['https://www.spreaker.com/show/4925442/episodes/feed'])).toEqual(unlinked);
      expect(await linkSpreakerShow(client, podcast, ['https://www.spreaker.com/show/111/episodes/feed'])).toEqual(unlinked);
      expect(podcast.spreakerShowId).toBeNull();
      expect(await linkSpreakerShow(client, podcast, ['https://www.spreaker.com/show/4925442/episodes/feed'])).toEqual({
        linked: true,
        hostTotal: 3,
      });
      expect(podcast).toMatchObject({ spreakerShowId: '4925442', hostKind: 'spreaker' });
      // Counting is best effort: a failing episode list still links the show.
      episodesAnswer = 503;
      expect(await linkSpreakerShow(client, podcast, ['https://www.spreaker.com/show/4925442/episodes/feed'])).toEqual({
        linked: true,
        hostTotal: null,
      });
    } finally {
      await fake.stop();
    }
  });
});
