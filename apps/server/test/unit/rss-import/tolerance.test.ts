import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFeed } from '../../../src/domain/rss-import/parse/index.ts';

const parse = (xml: string, contentTypeHeader?: string, baseUrl?: string) =>
  parseFeed(Buffer.from(xml, 'utf8'), { contentTypeHeader, baseUrl });

describe('tolerance of real-world feed mistakes', () => {
  it('reads iTunes tags whatever the prefix case, declared or not', () => {
    const xml = `<rss version="2.0" xmlns:iTunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
      <title>Case</title><iTunes:Author>Upper</iTunes:Author><ITUNES:EXPLICIT>Yes</ITUNES:EXPLICIT>
      <itunes:category text="Arts"><iTunes:category text="Books"/></itunes:category>
      <item><title>One</title><iTunes:duration>1:02:03</iTunes:duration><iTunes:episodeType>Bonus</iTunes:episodeType>
      <PubDate>Tue, 10 Jun 2003 04:00:00 GMT</PubDate></item></channel></rss>`;
    const { show, items } = parse(xml);
    expect(show).toMatchObject({ author: 'Upper', explicit: true, categories: [{ name: 'Arts', subcategories: ['Books'] }] });
    expect(items[0]).toMatchObject({ durationMs: 3_723_000, episodeType: 'bonus' });
    expect(items[0]?.pubDate?.toISOString()).toBe('2003-06-10T04:00:00.000Z');
  });

  it('reads undeclared prefixes and maps other prefixes by their namespace URI', () => {
    const xml = `<rss version="2.0" xmlns:itms="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
      <title>Prefixes</title><itms:author>By URI</itms:author><podcast:guid>abc-123</podcast:guid>
      <item><itunes:season>2</itunes:season><itunes:episode>7</itunes:episode>
      <podcast:transcript url="https://example.com/t.vtt" type="text/vtt" language="en" rel="captions"/>
      <podcast:chapters url="https://example.com/c.json" type="application/json+chapters"/></item></channel></rss>`;
    const { show, items } = parse(xml);
    expect(show).toMatchObject({ author: 'By URI', podcastGuid: 'abc-123' });
    expect(items[0]).toMatchObject({
      season: 2,
      episode: 7,
      transcripts: [{ url: 'https://example.com/t.vtt', type: 'text/vtt', language: 'en', rel: 'captions' }],
      chapters: { url: 'https://example.com/c.json', type: 'application/json+chapters' },
    });
  });

  it('decodes CDATA, predefined, numeric and HTML entities, and bare ampersands', () => {
    const xml = `<rss><channel><title><![CDATA[Tom & Jerry’s <Show>]]></title>
      <copyright>&#169; 2024 Q&amp;A &#x2019;n&#8217; R&D&nbsp;Ltd</copyright>
      <item><title>It&apos;s &quot;fine&quot; &lt;really&gt;</title></item></channel></rss>`;
    const { show, items } = parse(xml);
    expect(show.title).toBe('Tom & Jerry’s <Show>');
    expect(show.copyright).toBe('© 2024 Q&A ’n’ R&D\u00a0Ltd');
    expect(items[0]?.title).toBe('It\'s "fine" <really>');
  });

  it('keeps empty and missing fields as null, and empty items as items', () => {
    const xml = `<rss><channel><title></title><description/><language>  </language><itunes:explicit>maybe</itunes:explicit>
      <item></item><item><title/><guid> </guid><enclosure url=""/><itunes:duration></itunes:duration><itunes:season>x</itunes:season></item>
      </channel></rss>`;
    const { show, items } = parse(xml);
    expect(show).toMatchObject({ title: null, description: null, language: null, explicit: null, type: 'episodic', categories: [] });
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ guid: null, title: null, enclosure: null, durationMs: null, season: null });
    // Nothing tells two empty items apart: they are one item (the importer keeps the first).
    expect(items[0]?.key).toBe(items[1]?.key);
  });

  it('gives an item with no guid, enclosure or link an identity from its content that survives the feed growing', () => {
    const item = (title: string, day: number, notes: string) =>
      `<item><title>${title}</title><pubDate>${new Date(Date.UTC(2024, 0, day)).toUTCString()}</pubDate><description>${notes}</description></item>`;
    const older = [item('Weekly', 1, 'First week'), item('Weekly', 8, 'Second week')];
    const before = parse(`<rss><channel><title>Bare</title>${older.join('')}</channel></rss>`).items.map((i) => i.key);
    // A new episode is listed first, as feeds do: every older item moves down one place.
    const after = parse(`<rss><channel><title>Bare</title>${item('Weekly', 15, 'Third week')}${older.join('')}</channel></rss>`).items.map(
      (i) => i.key,
    );
    expect(after.slice(1)).toEqual(before);
    expect(new Set(after).size).toBe(3);
    // Same title and date, other notes: another item.
    const twins = parse(
      `<rss><channel><title>Bare</title>${item('Weekly', 1, 'Take one')}${item('Weekly', 1, 'Take two')}</channel></rss>`,
    ).items;
    expect(twins[0]?.key).not.toBe(twins[1]?.key);
    expect(before[0]).toBe(`Weekly|2024-01-01T00:00:00.000Z|${createHash('sha256').update('First week').digest('hex')}`);
  });

  it('accepts <channel/> with nothing in it', () => {
    expect(parse('<rss><channel/></rss>')).toMatchObject({ show: { title: null }, items: [] });
  });

  it('decodes a windows-1252 feed by its declaration', () => {
    const xml =
      '<?xml version="1.0" encoding="windows-1252"?><rss><channel><title>Caf\u00e9 \u201cquoted\u201d \u2013 \u20ac5</title></channel></rss>';
    const bytes = Buffer.from(new TextEncoderCp1252().encode(xml));
    expect(parseFeed(bytes).show.title).toBe('Café “quoted” – €5');
  });

  it('decodes latin-1 by the HTTP charset when there is no declaration', () => {
    const bytes = Buffer.from('<rss><channel><title>Espa\u00f1a</title></channel></rss>', 'latin1');
    expect(parseFeed(bytes, { contentTypeHeader: 'application/rss+xml; charset=ISO-8859-1' }).show.title).toBe('España');
  });

  it('falls back to windows-1252 when bytes claimed as UTF-8 are not UTF-8', () => {
    const bytes = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><rss><channel><title>Gr\u00fc\u00dfe</title></channel></rss>',
      'latin1',
    );
    expect(parseFeed(bytes).show.title).toBe('Grüße');
  });

  it('honours a UTF-8 or UTF-16 byte-order mark', () => {
    const xml = '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Żółw</title></channel></rss>';
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]);
    expect(parseFeed(utf8).show.title).toBe('Żółw');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(parseFeed(utf16).show.title).toBe('Żółw');
  });

  it('resolves relative URLs against the feed address and drops non-http ones', () => {
    const xml = `<rss><channel><link>/show</link><itunes:image href="javascript:alert(1)"/><image><url>art.jpg</url></image>
      <item><enclosure url="ep1.mp3" length="0" type="Audio/MPEG"/><link>data:text/html,x</link></item></channel></rss>`;
    const { show, items } = parse(xml, undefined, 'https://feeds.example.com/a/feed.xml');
    expect(show.link).toBe('https://feeds.example.com/show');
    // A javascript: itunes:image is no image at all; nothing falls through to it.
    expect(show.artworkUrl).toBeNull();
    expect(items[0]).toMatchObject({
      enclosure: { url: 'https://feeds.example.com/a/ep1.mp3', length: null, type: 'audio/mpeg' },
      link: null,
    });
  });

  it('sanitises show notes: formatting and links stay, scripts and handlers go', () => {
    const html = `<p onclick="steal()">Hello <b>bold</b> <em>em</em></p><script>alert(1)</script><style>p{}</style>
      <iframe src="https://evil.example"></iframe><img src="https://tracker.example/p.gif"><a href="javascript:alert(1)">bad</a>
      <a href="https://good.example/x?a=1&amp;b=2" onmouseover="x()">good</a><ul><li>one</li></ul>`;
    const xml = `<rss><channel><item><description><![CDATA[${html}]]></description></item></channel></rss>`;
    const description = parse(xml).items[0]?.description ?? '';
    expect(description).toContain('<p>Hello <strong>bold</strong> <em>em</em></p>');
    expect(description).toContain(
      '<a href="https://good.example/x?a=1&amp;b=2" rel="nofollow noopener noreferrer" target="_blank">good</a>',
    );
    expect(description).toContain('<ul><li>one</li></ul>');
    expect(description).toContain('<a rel="nofollow noopener noreferrer" target="_blank">bad</a>');
    expect(description).not.toMatch(/script|onclick|onmouseover|iframe|<img|style|alert/);
  });

  it('prefers content:encoded over description for show notes', () => {
    const xml = `<rss xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><item><description>short</description>
      <content:encoded><![CDATA[<p>long <a href="https://x.example">notes</a></p>]]></content:encoded></item></channel></rss>`;
    expect(parse(xml).items[0]?.description).toBe(
      '<p>long <a href="https://x.example" rel="nofollow noopener noreferrer" target="_blank">notes</a></p>',
    );
  });

  it('reads unescaped inline HTML in a description as HTML', () => {
    const xml = '<rss><channel><item><description><p>Inline <strong>markup</strong></p></description></item></channel></rss>';
    expect(parse(xml).items[0]?.description).toBe('<p>Inline <strong>markup</strong></p>');
  });

  it('parses 5,000 items', () => {
    const items = Array.from(
      { length: 5000 },
      (_, i) => `<item><title>Episode ${i}</title><guid>g-${i}</guid><pubDate>Mon, 01 Jan 2024 00:00:00 +0000</pubDate>
        <enclosure url="https://cdn.example.com/${i}.mp3" length="${1000 + i}" type="audio/mpeg"/><itunes:duration>${i}</itunes:duration>
        <description><![CDATA[<p>Notes for ${i} &amp; more</p>]]></description></item>`,
    ).join('');
    const feed = parse(`<rss><channel><title>Big</title>${items}</channel></rss>`);
    expect(feed.items).toHaveLength(5000);
    expect(feed.items[4999]).toMatchObject({ guid: 'g-4999', durationMs: 4_999_000, enclosure: { length: 5999 } });
    expect(new Set(feed.items.map((i) => i.key)).size).toBe(5000);
  });
});

/** windows-1252 has no encoder in Node; the few characters used here are mapped by hand. */
class TextEncoderCp1252 {
  encode(text: string): Uint8Array {
    const special: Record<string, number> = { '\u201c': 0x93, '\u201d': 0x94, '\u2013': 0x96, '\u20ac': 0x80 };
    return Uint8Array.from([...text].map((ch) => special[ch] ?? ch.charCodeAt(0)));
  }
}
