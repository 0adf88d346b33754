import { createHash } from 'node:crypto';
import { parseDurationMs } from './duration.ts';
import type { TEpisodeType, TParsedChapters, TParsedEnclosure, TParsedItem, TParsedTranscript } from './feed.types.ts';
import { itemPodcasting20 } from './parse-podcasting20.ts';
import { parsePubDate } from './pub-date.ts';
import { sanitizePodcastHtml } from '../../text/podcast-html.ts';
import type { TXmlNode } from './xml-document.ts';
import { all, asNode, attr, booleanOf, first, firstText, htmlOf, imageHref, integerOf, urlOf } from './xml-values.ts';

const EPISODE_TYPES: readonly TEpisodeType[] = ['full', 'trailer', 'bonus'];

/**
 * The identity of an item with no guid, enclosure or link: its content (title, date, and a digest
 * of the show notes), never its place in the feed, which moves as the feed grows.
 */
export function contentKey(title: string | null, pubDate: Date | null, description: string | null): string {
  return `${title ?? ''}|${pubDate?.toISOString() ?? ''}|${createHash('sha256')
    .update(description ?? '')
    .digest('hex')}`;
}

export function parseItem(item: TXmlNode, base: string | null): TParsedItem {
  const guid = firstText(item, 'guid');
  const title = firstText(item, 'title', 'itunes:title');
  const link = urlOf(firstText(item, 'link'), base);
  const pubDate = parsePubDate(firstText(item, 'pubdate', 'dc:date'));
  const enclosure = enclosureOf(item, base);
  const html = htmlOf(first(item, 'content:encoded')) ?? htmlOf(first(item, 'description')) ?? htmlOf(first(item, 'itunes:summary'));
  const episodeType = firstText(item, 'itunes:episodetype')?.toLowerCase() as TEpisodeType | undefined;
  const description = html ? sanitizePodcastHtml(html) || null : null;
  return {
    guid,
    key: guid ?? enclosure?.url ?? link ?? contentKey(title, pubDate, description),
    title,
    description,
    link,
    pubDate,
    enclosure,
    durationMs: parseDurationMs(firstText(item, 'itunes:duration')),
    season: integerOf(firstText(item, 'itunes:season', 'podcast:season')),
    episode: integerOf(firstText(item, 'itunes:episode', 'podcast:episode')),
    episodeType: episodeType && EPISODE_TYPES.includes(episodeType) ? episodeType : 'full',
    explicit: booleanOf(firstText(item, 'itunes:explicit')),
    imageUrl: urlOf(imageHref(first(item, 'itunes:image')) ?? imageHref(first(item, 'media:thumbnail')), base),
    transcripts: transcriptsOf(item, base),
    chapters: chaptersOf(item, base),
    podcasting20: itemPodcasting20(item, base),
  };
}

/** The first enclosure with a usable URL; media:content stands in for feeds that only have that. */
function enclosureOf(item: TXmlNode, base: string | null): TParsedEnclosure | null {
  for (const value of [...all(item, 'enclosure'), ...all(item, 'media:content')]) {
    const url = urlOf(attr(value, 'url'), base);
    if (!url) continue;
    const length = integerOf(attr(value, 'length') ?? attr(value, 'filesize'));
    return { url, length: length && length > 0 ? length : null, type: attr(value, 'type')?.toLowerCase() ?? null };
  }
  return null;
}

function transcriptsOf(item: TXmlNode, base: string | null): TParsedTranscript[] {
  const transcripts: TParsedTranscript[] = [];
  for (const value of all(item, 'podcast:transcript')) {
    const url = urlOf(attr(value, 'url'), base);
    const type = attr(value, 'type')?.toLowerCase();
    if (!url || !type) continue;
    transcripts.push({ url, type, language: attr(value, 'language'), rel: attr(value, 'rel') });
  }
  return transcripts;
}

function chaptersOf(item: TXmlNode, base: string | null): TParsedChapters | null {
  const value = asNode(first(item, 'podcast:chapters'));
  const url = urlOf(attr(value, 'url'), base);
  if (!url) return null;
  return { url, type: attr(value, 'type')?.toLowerCase() ?? 'application/json+chapters' };
}
