import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FeedParseError } from './feed-parse.errors.ts';

/**
 * XML text to a plain object tree, safely and tolerantly.
 *
 * Safety: no entity is ever expanded from the document. A DOCTYPE with an internal subset (the
 * carrier of billion-laughs and XXE) is refused before any parser sees it; a bare DOCTYPE (old
 * RSS 0.91 feeds have one) is dropped; the parser runs with processEntities off, and text is
 * decoded afterwards only for the predefined and numeric references (plus HTML's named ones,
 * which feeds use without declaring). Each reference yields a character or two, so memory stays
 * proportional to the input.
 *
 * Tolerance: namespace prefixes are mapped by their URI to the names this module reads
 * (a feed may call iTunes 'itunes', 'iTunes' or 'itms'), undeclared prefixes are kept as
 * written in lower case, all tag names are lower-cased, and a bare '&' is read as '&amp;'.
 */

export type TXmlNode = Record<string, unknown>;

/** Elements that carry HTML: kept as raw markup so unescaped inline HTML is not torn into elements. */
const RAW_HTML_ELEMENTS = ['description', 'content:encoded', 'itunes:summary'];
/** Real feeds nest four or five levels; the limit only stops pathological documents. */
const MAX_NESTED_TAGS = 64;

const NAMESPACES: Record<string, string> = {
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'https://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'https://podcastindex.org/namespace/1.0': 'podcast',
  'https://github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md': 'podcast',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://www.w3.org/2005/atom': 'atom',
  'http://search.yahoo.com/mrss/': 'media',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://www.google.com/schemas/play-podcasts/1.0': 'googleplay',
};

export function parseXmlDocument(text: string): TXmlNode {
  const prepared = prepare(text);
  const validation = XMLValidator.validate(prepared);
  if (validation !== true) {
    const { msg, line } = validation.err;
    throw new FeedParseError('MALFORMED', `The feed is not well-formed XML (line ${line}: ${msg})`, { line });
  }
  const prefixes = declaredPrefixes(prepared);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: MAX_NESTED_TAGS,
    transformTagName: (name) => canonicalName(name, prefixes),
    transformAttributeName: (name) => name.toLowerCase(),
    stopNodes: RAW_HTML_ELEMENTS.map((name) => `*.${name}`),
  });
  try {
    return parser.parse(prepared) as TXmlNode;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nest/i.test(message)) throw new FeedParseError('TOO_DEEP', 'The feed nests its elements too deeply.');
    throw new FeedParseError('MALFORMED', `The feed could not be read as XML (${message}).`);
  }
}

function prepare(text: string): string {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed) throw new FeedParseError('EMPTY', 'The feed is empty.');
  if (!trimmed.startsWith('<')) throw new FeedParseError('NOT_XML', 'The address did not return XML.');
  // Markup is looked for outside CDATA only: show notes may quote '<!ENTITY' as text.
  const markup = trimmed.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  if (/<!ENTITY/i.test(markup) || /<!DOCTYPE[^>]*\[/i.test(markup)) {
    throw new FeedParseError('ENTITY_DECLARATIONS', 'The feed declares its own XML entities, which are refused for safety.');
  }
  const withoutDoctype = trimmed.replace(/<!DOCTYPE[^>[]*>/i, '');
  return withoutDoctype.replace(/&(?!(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);)/g, '&amp;');
}

/** prefix -> canonical prefix, from every xmlns:prefix="uri" in the document. */
function declaredPrefixes(xml: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of xml.matchAll(/\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*["']([^"']*)["']/g)) {
    const [, prefix, uri] = match;
    if (!prefix || uri === undefined) continue;
    const canonical = NAMESPACES[uri.trim().toLowerCase().replace(/\/?$/, '/')] ?? NAMESPACES[uri.trim().toLowerCase()];
    if (canonical) map.set(prefix.toLowerCase(), canonical);
  }
  return map;
}

function canonicalName(name: string, prefixes: Map<string, string>): string {
  const lower = name.toLowerCase();
  const colon = lower.indexOf(':');
  if (colon < 0) return lower;
  const prefix = lower.slice(0, colon);
  return `${prefixes.get(prefix) ?? prefix}:${lower.slice(colon + 1)}`;
}
