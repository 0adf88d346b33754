import { describe, expect, it } from 'vitest';
import { FeedParseError, parseFeed, type TFeedParseFailure } from '../../../src/domain/rss-import/parse/index.ts';

function refusal(xml: string | Buffer): FeedParseError {
  try {
    parseFeed(typeof xml === 'string' ? Buffer.from(xml) : xml);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError);
    return error as FeedParseError;
  }
  throw new Error('expected the feed to be refused');
}

function expectRefused(xml: string | Buffer, reason: TFeedParseFailure): FeedParseError {
  const error = refusal(xml);
  expect(error.reason).toBe(reason);
  expect(error.code).toBe('VALIDATION');
  return error;
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>`;

describe('entity attacks are refused before parsing', () => {
  it('billion laughs', () => {
    const error = expectRefused(BILLION_LAUGHS, 'ENTITY_DECLARATIONS');
    expect(error.message).toBe('The feed declares its own XML entities, which are refused for safety.');
  });

  it('XXE reading a local file', () => {
    expectRefused(
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&xxe;</title></channel></rss>`,
      'ENTITY_DECLARATIONS',
    );
  });

  it('XXE through an external parameter entity (SSRF to metadata)', () => {
    expectRefused(
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY % remote SYSTEM "http://169.254.169.254/latest/meta-data/"> %remote;]><rss/>`,
      'ENTITY_DECLARATIONS',
    );
  });

  it('an external DTD subset that could define entities', () => {
    expectRefused(`<!DOCTYPE rss SYSTEM "http://evil.example/x.dtd" [ ]><rss><channel/></rss>`, 'ENTITY_DECLARATIONS');
  });

  it('quadratic blow-up: one large entity referenced many times', () => {
    const big = 'A'.repeat(50_000);
    const refs = '&a;'.repeat(50_000);
    expectRefused(`<!DOCTYPE rss [<!ENTITY a "${big}">]><rss><channel><title>${refs}</title></channel></rss>`, 'ENTITY_DECLARATIONS');
  });

  it('an undeclared entity is left as text, never resolved', () => {
    const { show } = parseFeed(Buffer.from('<rss><channel><title>&xxe; &lol9;</title></channel></rss>'));
    expect(show.title).toBe('&xxe; &lol9;');
  });

  it('a plain DOCTYPE without internal subset (old RSS 0.91 feeds) is ignored', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="0.91"><channel><title>Old</title></channel></rss>`;
    expect(parseFeed(Buffer.from(xml)).show.title).toBe('Old');
  });

  it('<!ENTITY quoted inside CDATA show notes is only text', () => {
    const xml =
      '<rss><channel><title>T</title><item><description><![CDATA[<p>Write <!ENTITY x "y"> in a DTD</p>]]></description></item></channel></rss>';
    expect(parseFeed(Buffer.from(xml)).items[0]?.description).toContain('in a DTD');
  });
});

describe('malformed or foreign documents fail whole, with a reason', () => {
  it('a feed cut off mid-item imports nothing', () => {
    const error = expectRefused(
      '<rss version="2.0"><channel><title>Show</title><item><title>One</title></item><item><title>Tw',
      'MALFORMED',
    );
    expect(error.message).toMatch(/^The feed is not well-formed XML \(line 1: /);
  });

  it('mismatched tags', () => {
    expectRefused('<rss><channel><title>Show</channel></rss>', 'MALFORMED');
  });

  it('an empty body', () => {
    expect(expectRefused('', 'EMPTY').message).toBe('The feed is empty.');
    expectRefused('   \n ', 'EMPTY');
  });

  it('something that is not XML at all', () => {
    expect(expectRefused('{"feed": []}', 'NOT_XML').message).toBe('The address did not return XML.');
  });

  it('an HTML page', () => {
    expectRefused('<!DOCTYPE html><html><head><title>x</title></head><body><p>hi</body></html>', 'MALFORMED');
    expect(expectRefused('<html><body><p>Moved</p></body></html>', 'NOT_A_FEED').message).toBe(
      'The address returned a web page, not an RSS feed.',
    );
  });

  it('an Atom feed', () => {
    expectRefused('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>', 'NOT_A_FEED');
  });

  it('RSS without a channel', () => {
    expect(expectRefused('<rss version="2.0"></rss>', 'NOT_A_FEED').message).toBe('The address did not return an RSS feed.');
  });

  it('pathologically deep nesting', () => {
    const depth = 200;
    const xml = `<rss><channel>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</channel></rss>`;
    expectRefused(xml, 'TOO_DEEP');
  });
});
