import { describe, expect, it } from 'vitest';
import { newestItems, parseFeed } from '../../../src/domain/rss-import/parse/index.ts';
import { feedFixture } from './fixtures.ts';

describe('real public feeds (fixtures/feeds/README.md names their sources)', () => {
  it('Giant Bombcast: namespaces re-declared per element, repeated categories, PST dates', () => {
    const { show, items } = parseFeed(feedFixture('giantbomb-podcast.rss'));
    expect(show).toMatchObject({
      title: 'Giant Bombcast',
      language: 'en-us',
      author: 'Giant Bomb',
      ownerName: 'Giant Bomb',
      ownerEmail: 'bombcast@giantbomb.com',
      copyright: '2008-2019 CBS Interactive',
      explicit: false,
      type: 'episodic',
      artworkUrl: 'https://giantbomb1.cbsistatic.com/uploads/original/11/110673/2927815-3756859778-28940.png?20191008',
    });
    // The feed lists 'Games & Hobbies' twice with different subcategories: merged into one.
    expect(show.categories).toEqual([
      { name: 'Games & Hobbies', subcategories: ['Video Games', 'Other Games'] },
      { name: 'Technology', subcategories: ['Gadgets'] },
    ]);
    expect(items).toHaveLength(2);
    expect(items.map((i) => i.guid)).toEqual(['1600-2823', '1600-2818']);
    expect(items[0]).toMatchObject({
      title: 'Giant Bombcast 603: Call of Tuesday',
      durationMs: 10_475_000,
      explicit: false,
      episodeType: 'full',
      enclosure: {
        url: 'https://dts.podtrac.com/redirect.mp3/www.giantbomb.com/podcasts/download/2823/603__Call_of_Tuesday-10-01-2019-6277737276.mp3',
        length: 105_003_355,
        type: 'audio/mpeg',
      },
    });
    expect(items[0]?.pubDate?.toISOString()).toBe('2019-10-01T22:30:00.000Z');
    expect(items[1]?.description).toContain("we're here to talk about like 12 of them! Let's check in");
  });

  it('Sentimental Garbage (Acast): junk before the declaration, CDATA HTML, seasons, new-feed-url', () => {
    const { show, items } = parseFeed(feedFixture('acast-sentimental-garbage.xml'));
    expect(show).toMatchObject({
      title: 'Sentimental Garbage',
      language: 'en',
      explicit: true,
      ownerName: null,
      ownerEmail: 'info+edd6bde5-221e-4c07-bde8-2a0241ccc6e0@mg.pippa.io',
      newFeedUrl: 'https://feeds.acast.com/public/shows/edd6bde5-221e-4c07-bde8-2a0241ccc6e0',
      categories: [],
    });
    // Inline styles and the acast tracking attributes are gone; the privacy link stays.
    expect(show.description).toContain('<a href="https://acast.com/privacy" rel="nofollow noopener noreferrer" target="_blank">');
    expect(show.description).not.toContain('style=');
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      guid: '64ce024b17496000117178ca',
      title: 'Barbie with Jen Cownie',
      durationMs: 3_920_000,
      season: 10,
      episode: 29,
      explicit: true,
      enclosure: { length: 156_867_532, type: 'audio/mpeg' },
    });
    expect(items[1]?.title).toBe('Caroline on the Straight Up podcast! (& news!)');
    expect(items[1]?.durationMs).toBe(4_345_000);
    expect(items[1]?.description).toContain('Barbie’s insane marketing plan');
  });

  it('Podcasting 2.0: podcast:guid, podcast:locked, transcript and chapters, escaped HTML notes', () => {
    const { show, items } = parseFeed(feedFixture('podcasting20-pc20rss.xml'));
    expect(show).toMatchObject({
      title: 'Podcasting 2.0',
      podcastGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
      locked: true,
      lockedOwner: 'adam@curry.com',
      ownerName: 'Adam Curry',
      author: 'Podcast Index LLC',
      categories: [
        { name: 'News & Politics', subcategories: [] },
        { name: 'Technology', subcategories: [] },
      ],
    });
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({
      guid: 'PC2057',
      title: 'Episode 57: Rebel Rubes',
      durationMs: null,
      transcripts: [{ url: 'https://mp3s.nashownotes.com/PC20-57-Captions.srt', type: 'application/srt', language: null, rel: null }],
      chapters: { url: 'http://34.117.70.159/http%3Amp3s.nashownotes.compc20rss.xml/PC2057', type: 'application/json' },
      enclosure: { url: 'https://mp3s.nashownotes.com/PC20-57-2021-10-08-Final.mp3', length: 70_881_847 },
    });
    // Escaped once in the XML: one level of unescaping gives the HTML, '&amp;amp;' stays an ampersand.
    expect(item?.description).toContain('<p><strong>Podcasting 2.0 for October 8th 2021 Episode 57: Rebel Rubes</strong></p>');
    expect(item?.description).toContain('Adam &amp; Dave discuss');
    expect(item?.description).toContain(
      '<a href="https://brianoflondon.me/" rel="nofollow noopener noreferrer" target="_blank">Sir Brian of London</a>',
    );
    expect(item?.description).not.toMatch(/<div|<span|<small/);
  });

  it('Baywatch Berlin (Podigee): trailer, &amp; in the enclosure URL, padded CDATA', () => {
    const { show, items } = parseFeed(feedFixture('podigee-baywatch-berlin.rss'));
    expect(show.title).toBe('Baywatch Berlin');
    expect(show.language).toBe('de');
    expect(show.description).toContain('Flipperautomaten „Baywatch Berlin“!');
    expect(show.categories.map((c) => c.name)).toEqual(['Comedy', 'Society & Culture', 'TV & Film']);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      guid: 'cc973b648d6fb41e4e5ef7e4b4ee7604',
      title: 'Trailer',
      episode: 1,
      season: null,
      episodeType: 'trailer',
      durationMs: 114_000,
      enclosure: {
        url: 'https://cdn.podigee.com/media/podcast_16544_baywatch_berlin_episode_1_trailer.mp3?v=1574079359&source=feed',
      },
    });
    expect(items[0]?.description).toBe(
      'Baywatch Berlin\nBaywatch Berlin startet am 22. November. Mit Klaas Heufer-Umlauf und den anderen.',
    );
  });

  it('Narro: minified, owner e-mail only', () => {
    const { show, items } = parseFeed(feedFixture('narro.rss'));
    expect(show).toMatchObject({ title: 'foobar on Narro', ownerName: 'foobar', ownerEmail: 'foobar@gmail.com' });
    expect(show.artworkUrl).toBe('https://www.narro.co/images/narro-icon-lg.png');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ guid: 'https://www.narro.co/article/54e703933058540300000069', durationMs: 74_000 });
    expect(items[0]?.pubDate?.toISOString()).toBe('2015-02-20T09:51:15.000Z');
  });

  it('an ISO-8859-2 feed decoded by its XML declaration', () => {
    const { show, items } = parseFeed(feedFixture('latin2.rss'));
    expect(show.description).toBe('Przykładowe newsy z polski, w latin-2');
    expect(items[0]?.title).toBe('ZAŻÓŁĆ GĘSLĄ JAŹŃ');
    // No guid: the enclosure URL becomes the identity.
    expect(items[0]).toMatchObject({ guid: null, key: 'http://www.example.pl/image.jpg' });
  });

  it('an RSS 0.91 ISO-8859-1 feed with a newline before its declaration', () => {
    const { show, items } = parseFeed(feedFixture('folha-rss091-latin1.rss'));
    expect(show).toMatchObject({ language: 'pt-br', ownerEmail: 'webmaster@folha.com.br' });
    expect(show.description).toBe('Primeiro jornal em tempo real em língua portuguesa');
    expect(items.map((i) => i.title)).toEqual(['Vida de jogador: trocando seis por nada', 'Análises cada vez mais precipitadas']);
    expect(items[0]?.pubDate).toBeNull();
    expect(items[0]?.description).toContain('situação dos clubes');
    expect(items[0]?.description).toContain('target="_blank">Leia mais</a>');
  });

  it('previews the newest items first', () => {
    const feed = parseFeed(feedFixture('acast-sentimental-garbage.xml'));
    expect(newestItems(feed).map((i) => i.episode)).toEqual([29, 28]);
  });
});
