import { describe, expect, it } from 'vitest';
import { parseFeed, ItunesFeedType, TranscriptType } from 'podcast-partytime';
import { buildFeed, isListedInFeed, podcastGuid, showFeedUrl } from '../../../src/domain/publishing/feed/index.ts';
import { BASE_URL, NOW, makeEpisode, makeShow } from './fixtures.ts';

const published = makeEpisode({
  id: 'e1',
  title: 'Pilot: "Kettles" & <Keys>',
  description_html: '<p>We talk <b>tea</b> &amp; tools.</p>',
  season: 1,
  episode: 1,
  episode_type: 'full',
  explicit: true,
  image_url: 'https://podcasts.example.com/covers/e1.png',
  transcripts: [
    { url: 'https://podcasts.example.com/t/e1.vtt', type: 'text/vtt', rel: 'captions' },
    { url: 'https://podcasts.example.com/t/e1.json', type: 'application/json', language: 'en' },
  ],
  chapters_url: 'https://podcasts.example.com/c/e1.json',
});
const bonus = makeEpisode({ id: 'e2', publish_at: '2025-06-08T09:30:00Z', episode_type: 'bonus', season: 1 });
const scheduled = makeEpisode({ id: 'e3', publish_at: '2025-06-10T12:05:00Z' });
const draft = makeEpisode({ id: 'e4', publish_at: null });
const limited = makeEpisode({ id: 'e5', visibility: 'limited' });
const episodes = [published, bonus, scheduled, draft, limited];

function parse(xml: string) {
  const feed = parseFeed(xml);
  if (!feed) throw new Error('podcast-partytime could not parse the feed');
  return feed;
}

describe('buildFeed', () => {
  const show = makeShow();
  const xml = buildFeed(show, episodes, { now: NOW, baseUrl: BASE_URL });
  const feed = parse(xml);

  it("carries Apple's required channel tags", () => {
    expect(feed.title).toBe('Tinkering & Tea');
    // The show description is creator HTML: the <small> tag is not on the podcast allowlist, so it goes.
    expect(feed.description).toBe('Weekly chats about workshops & big ideas.');
    expect(feed.itunesImage).toBe('https://podcasts.example.com/covers/show-1.jpg');
    expect(feed.language).toBe('en');
    expect(feed.explicit).toBe(false);
    expect(feed.itunesCategory).toEqual(['Leisure > Crafts', 'Technology']);
  });

  it("carries Apple's recommended channel tags", () => {
    expect(feed.author).toBe('Ada & Friends');
    expect(feed.owner).toEqual({ name: 'Ada Owner', email: 'ada@example.com' });
    expect(feed.link).toBe(`${BASE_URL}/podcasts/show-1`);
    expect(feed.copyright).toBe('© 2025 Tea Media');
    expect(feed.itunesType).toBe(ItunesFeedType.Episodic);
    expect(feed.pubsub?.self).toBe(showFeedUrl(BASE_URL, 'show-1'));
  });

  it('writes podcast:guid from the feed URL and podcast:locked with its owner', () => {
    expect(feed.guid).toBe(podcastGuid(showFeedUrl(BASE_URL, 'show-1')));
    expect(feed.locked).toBe(true);
    expect(feed.podcastOwner).toBe('ada@example.com');
  });

  it('keeps an imported podcast:guid', () => {
    const imported = makeShow({ podcast_guid: '917393e3-1b1e-5cef-ace4-edaa54e1f810', locked: false });
    const parsed = parse(buildFeed(imported, [], { now: NOW, baseUrl: BASE_URL }));
    expect(parsed.guid).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(parsed.locked).toBe(false);
  });

  it('lists only public episodes whose time has come, newest first', () => {
    expect(feed.items.map((item) => item.guid)).toEqual(['ppp-e2', 'ppp-e1']);
  });

  it('shows a scheduled episode from its publish time on, not before', () => {
    const before = parse(buildFeed(show, episodes, { now: new Date('2025-06-10T12:04:59Z'), baseUrl: BASE_URL }));
    const at = parse(buildFeed(show, episodes, { now: new Date('2025-06-10T12:05:00Z'), baseUrl: BASE_URL }));
    expect(before.items.map((i) => i.guid)).not.toContain('ppp-e3');
    expect(at.items.map((i) => i.guid)[0]).toBe('ppp-e3');
    expect(isListedInFeed(draft, new Date('2100-01-01'))).toBe(false);
  });

  it('round-trips the episode fields Apple and Podcasting 2.0 apps read', () => {
    const item = feed.items.find((i) => i.guid === 'ppp-e1')!;
    expect(item.title).toBe('Pilot: "Kettles" & <Keys>');
    expect(item.enclosure).toEqual({ url: 'https://podcasts.example.com/media/e1.mp3', length: 29_350_400, type: 'audio/mpeg' });
    expect(item.pubDate?.toISOString()).toBe('2025-06-01T09:30:00.000Z');
    expect(item.duration).toBe(1834);
    expect(item.explicit).toBe(true);
    expect(item.itunesImage).toBe('https://podcasts.example.com/covers/e1.png');
    expect(item.itunesEpisodeType).toBe('full');
    expect(item.itunesSeason).toBe(1);
    expect(item.itunesEpisode).toBe(1);
    expect(item.podcastSeason).toEqual({ number: 1 });
    expect(item.podcastEpisode).toEqual({ number: 1 });
    expect(item.podcastTranscripts).toEqual([
      // The parser fills in the feed language where a transcript names none.
      { url: 'https://podcasts.example.com/t/e1.vtt', type: TranscriptType.VTT, rel: 'captions', language: 'en' },
      { url: 'https://podcasts.example.com/t/e1.json', type: TranscriptType.JSON, language: 'en' },
    ]);
    expect(item.podcastChapters).toEqual({ url: 'https://podcasts.example.com/c/e1.json', type: 'application/json+chapters' });
    expect(feed.items.find((i) => i.guid === 'ppp-e2')?.itunesEpisodeType).toBe('bonus');
  });

  it('writes HTML show notes as CDATA, unescaped, in description and content:encoded', () => {
    const item = feed.items.find((i) => i.guid === 'ppp-e1')!;
    // <b> is written as its allowlisted equivalent <strong>.
    expect(xml).toContain('<description><![CDATA[<p>We talk <strong>tea</strong> &amp; tools.</p>]]></description>');
    expect(xml).toContain('<content:encoded><![CDATA[<p>We talk <strong>tea</strong> &amp; tools.</p>]]></content:encoded>');
    // The parser decodes entities inside the HTML, as a player rendering it would.
    expect(item.description).toBe('<p>We talk <strong>tea</strong> & tools.</p>');
    expect(item.content).toBe('<p>We talk <strong>tea</strong> & tools.</p>');
  });

  it('keeps notes containing "]]>" intact: the sanitizer escapes the ">" so the CDATA section stays whole', () => {
    const notes = '<p>Code: a[b[0]]> c</p>';
    const out = buildFeed(show, [makeEpisode({ id: 'x', description_html: notes })], { now: NOW, baseUrl: BASE_URL });
    expect(out).toContain('<description><![CDATA[<p>Code: a[b[0]]&gt; c</p>]]></description>');
    expect(parse(out).items[0]?.description).toBe(notes);
  });

  it('strips script, event handlers, images and javascript: links from show and episode notes', () => {
    const attack =
      '<p onclick="steal()">Hi <script>alert(document.cookie)</script><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">click</a> <a href="https://example.com/" style="x">ok</a></p><iframe src="https://evil.example/"></iframe>';
    const hostile = makeShow({ description: attack });
    const out = buildFeed(hostile, [makeEpisode({ id: 'x', description_html: attack })], { now: NOW, baseUrl: BASE_URL });
    const safe =
      '<p>Hi <a rel="nofollow noopener noreferrer" target="_blank">click</a> <a href="https://example.com/" rel="nofollow noopener noreferrer" target="_blank">ok</a></p>';
    expect(out).toContain(`<description><![CDATA[${safe}]]></description>`);
    expect(out).toContain(`<content:encoded><![CDATA[${safe}]]></content:encoded>`);
    expect(out).not.toMatch(/<script|alert|onerror|onclick|javascript:|iframe|<img/i);
  });

  it('escapes text and attributes, and marks guids as not permalinks', () => {
    expect(xml).toContain('<title>Pilot: "Kettles" &amp; &lt;Keys&gt;</title>');
    expect(xml).toContain('<guid isPermaLink="false">ppp-e1</guid>');
    expect(xml).toContain('<itunes:category text="Leisure">');
    expect(xml).toMatch(/<pubDate>Sun, 01 Jun 2025 09:30:00 \+0000<\/pubDate>/);
  });

  it('drops characters XML forbids instead of breaking the feed', () => {
    const dirty = makeShow({ name: 'Bell\u0007 Show', description: 'Form\u000Cfeed' });
    const parsed = parse(buildFeed(dirty, [], { now: NOW, baseUrl: BASE_URL }));
    expect(parsed.title).toBe('Bell Show');
  });

  it('marks a serial show and writes no owner attribute when no email is known', () => {
    const serial = makeShow({ podcast_type: 'serial', owner_email: null, contact_email: null });
    const out = buildFeed(serial, [], { now: NOW, baseUrl: BASE_URL });
    expect(parse(out).itunesType).toBe(ItunesFeedType.Serial);
    expect(out).toContain('<podcast:locked>yes</podcast:locked>');
  });
});
