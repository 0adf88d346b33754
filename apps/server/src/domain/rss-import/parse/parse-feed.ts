import { decodeFeedBytes } from './feed-encoding.ts';
import { FeedParseError } from './feed-parse.errors.ts';
import type { TParsedCategory, TParsedFeed, TParsedShow } from './feed.types.ts';
import { parseItem } from './parse-item.ts';
import { showPodcasting20 } from './parse-podcasting20.ts';
import { sanitizePodcastHtml } from '../../text/podcast-html.ts';
import { parseXmlDocument, type TXmlNode } from './xml-document.ts';
import { all, asNode, attr, booleanOf, first, firstText, htmlOf, imageHref, textOf, urlOf } from './xml-values.ts';

export interface ParseFeedOptions {
  /** The Content-Type the server sent, for its charset. */
  contentTypeHeader?: string | null;
  /** The feed's own (final) URL, so relative links in it resolve. */
  baseUrl?: string | null;
}

/**
 * A podcast RSS feed, as bytes off the wire, to plain show and item data. Throws a
 * FeedParseError with the reason when the document is not a readable RSS feed; returns
 * nothing partial.
 */
export function parseFeed(bytes: Uint8Array, options: ParseFeedOptions = {}): TParsedFeed {
  const document = parseXmlDocument(decodeFeedBytes(bytes, options.contentTypeHeader));
  const channel = findChannel(document);
  const base = options.baseUrl ?? null;
  const show = parseShow(channel, base);
  const items = all(channel, 'item').map((item) => parseItem(asNode(item) ?? {}, base));
  return { show, items };
}

function findChannel(document: TXmlNode): TXmlNode {
  const rss = asNode(document.rss);
  if (rss) {
    const channel = first(rss, 'channel');
    // <channel/> with nothing in it parses as an empty string.
    if (channel !== undefined) return asNode(channel) ?? {};
  }
  if ('feed' in document) {
    throw new FeedParseError('NOT_A_FEED', 'This is an Atom feed; podcasts are imported from their RSS feed.');
  }
  if ('html' in document) {
    throw new FeedParseError('NOT_A_FEED', 'The address returned a web page, not an RSS feed.');
  }
  throw new FeedParseError('NOT_A_FEED', 'The address did not return an RSS feed.');
}

function parseShow(channel: TXmlNode, base: string | null): TParsedShow {
  const owner = asNode(first(channel, 'itunes:owner'));
  const image = asNode(first(channel, 'image'));
  const locked = first(channel, 'podcast:locked');
  const description = htmlOf(first(channel, 'description')) ?? htmlOf(first(channel, 'itunes:summary'));
  return {
    title: firstText(channel, 'title', 'itunes:title'),
    description: description ? sanitizePodcastHtml(description) || null : firstText(channel, 'itunes:subtitle'),
    link: urlOf(firstLink(channel), base),
    language: firstText(channel, 'language'),
    author: firstText(channel, 'itunes:author', 'author', 'dc:creator', 'googleplay:author'),
    ownerName: firstText(owner, 'itunes:name'),
    ownerEmail: firstText(owner, 'itunes:email') ?? emailIn(firstText(channel, 'managingeditor', 'webmaster')),
    copyright: firstText(channel, 'copyright'),
    categories: categoriesOf(channel),
    explicit: booleanOf(firstText(channel, 'itunes:explicit')),
    type: firstText(channel, 'itunes:type')?.toLowerCase() === 'serial' ? 'serial' : 'episodic',
    artworkUrl: urlOf(imageHref(first(channel, 'itunes:image')) ?? firstText(image, 'url'), base),
    podcastGuid: firstText(channel, 'podcast:guid'),
    locked: booleanOf(textOf(locked)),
    lockedOwner: attr(locked, 'owner'),
    newFeedUrl: urlOf(firstText(channel, 'itunes:new-feed-url'), base),
    podcasting20: showPodcasting20(channel, base),
  };
}

/** A plain <link> with text; atom:link and empty <link/> elements sit beside it in many feeds. */
function firstLink(channel: TXmlNode): string | null {
  return firstText(channel, 'link');
}

function emailIn(value: string | null): string | null {
  return /[^\s()<>@]+@[^\s()<>@]+\.[^\s()<>@]+/.exec(value ?? '')?.[0] ?? null;
}

/** Apple's two levels: <itunes:category text="Games &amp; Hobbies"><itunes:category text="Video Games"/>. */
function categoriesOf(channel: TXmlNode): TParsedCategory[] {
  const byName = new Map<string, TParsedCategory>();
  for (const value of all(channel, 'itunes:category')) {
    const name = attr(value, 'text');
    if (!name) continue;
    const category = byName.get(name) ?? { name, subcategories: [] };
    for (const sub of all(asNode(value), 'itunes:category')) {
      const subName = attr(sub, 'text');
      if (subName && !category.subcategories.includes(subName)) category.subcategories.push(subName);
    }
    byName.set(name, category);
  }
  return [...byName.values()];
}
