import { create } from 'xmlbuilder2';
import type { TAppleCategory, TFeedShow, TPublishableEpisode } from '@ppp/contracts';
import { creatorNotesHtml } from '../../text/podcast-html.ts';
import { podcastGuid } from './podcast-guid.ts';
import { writeItemPodcasting20, writeShowPodcasting20 } from './podcasting20-tags.ts';
import { appendCdata, rfc2822, xmlSafe, type XmlNode } from './xml-text.ts';

export const FEED_NAMESPACES = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  content: 'http://purl.org/rss/1.0/modules/content/',
  atom: 'http://www.w3.org/2005/Atom',
} as const;

export const CHAPTERS_MIME_TYPE = 'application/json+chapters';

export interface FeedOptions {
  now: Date;
  /** Public origin of this installation, e.g. https://podcasts.example.com (no trailing slash needed). */
  baseUrl: string;
  /** Defaults to showFeedUrl(baseUrl, show.id). */
  feedUrl?: string;
  generator?: string;
  /** WebSub hubs that announce this feed's updates (atom:link rel="hub"), when the installation pings one. */
  hubUrls?: readonly string[];
}

/** The one place that decides where a show's public feed lives. */
export function showFeedUrl(baseUrl: string, showId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/feeds/${encodeURIComponent(showId)}.xml`;
}

/** A show's page on this installation, used as <link> when the creator has no website of their own. */
export function showPageUrl(baseUrl: string, showId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/podcasts/${encodeURIComponent(showId)}`;
}

/** The fragment of an episode on its show's public page (the site's episode list), which the feed item links to. */
export function episodeAnchor(episodeId: string): string {
  return `episode-${episodeId}`;
}

/**
 * Whether an episode is listed in the public feed at `now`: drafts (no publish time) never are,
 * scheduled ones appear once their time has come, and only public visibility is listed
 * ('limited' episodes stay reachable by their own link but are not announced to subscribers).
 */
export function isListedInFeed(episode: Pick<TPublishableEpisode, 'publish_at' | 'visibility'>, now: Date): boolean {
  return episode.visibility === 'public' && episode.publish_at !== null && episode.publish_at.getTime() <= now.getTime();
}

/** RSS 2.0 with the itunes, podcast (Podcasting 2.0), content and atom namespaces. */
export function buildFeed(show: TFeedShow, episodes: readonly TPublishableEpisode[], options: FeedOptions): string {
  const feedUrl = options.feedUrl ?? showFeedUrl(options.baseUrl, show.id);
  const listed = episodes
    .filter((episode) => isListedInFeed(episode, options.now))
    .sort((a, b) => b.publish_at!.getTime() - a.publish_at!.getTime());

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const rss = doc.ele('rss', {
    version: '2.0',
    'xmlns:itunes': FEED_NAMESPACES.itunes,
    'xmlns:podcast': FEED_NAMESPACES.podcast,
    'xmlns:content': FEED_NAMESPACES.content,
    'xmlns:atom': FEED_NAMESPACES.atom,
  });
  const channel = rss.ele('channel');
  writeChannel(channel, show, { ...options, feedUrl }, listed[0]?.publish_at ?? null);
  for (const episode of listed) writeItem(channel.ele('item'), episode);
  return doc.end({ prettyPrint: true });
}

function text(parent: XmlNode, name: string, value: string | number): XmlNode {
  return parent.ele(name).txt(xmlSafe(String(value)));
}

function writeChannel(channel: XmlNode, show: TFeedShow, options: FeedOptions & { feedUrl: string }, lastPub: Date | null) {
  const link = show.website_url ?? showPageUrl(options.baseUrl, show.id);
  channel.ele('atom:link', { href: options.feedUrl, rel: 'self', type: 'application/rss+xml' });
  for (const hub of options.hubUrls ?? []) channel.ele('atom:link', { href: hub, rel: 'hub' });
  text(channel, 'title', show.name);
  text(channel, 'link', link);
  text(channel, 'language', show.language);
  appendCdata(channel.ele('description'), creatorNotesHtml(show.description));
  if (show.copyright_line) text(channel, 'copyright', show.copyright_line);
  text(channel, 'generator', options.generator ?? 'Podcast Plus Plus');
  text(channel, 'lastBuildDate', rfc2822(options.now));
  if (lastPub) text(channel, 'pubDate', rfc2822(lastPub));

  if (show.cover_url) {
    channel.ele('itunes:image', { href: show.cover_url });
    const image = channel.ele('image');
    text(image, 'url', show.cover_url);
    text(image, 'title', show.name);
    text(image, 'link', link);
  }
  const author = show.author_name ?? show.owner_name;
  if (author) text(channel, 'itunes:author', author);
  if (show.owner_name || show.owner_email) {
    const owner = channel.ele('itunes:owner');
    if (show.owner_name) text(owner, 'itunes:name', show.owner_name);
    if (show.owner_email) text(owner, 'itunes:email', show.owner_email);
  }
  for (const category of [show.category, show.category_2, show.category_3]) {
    if (category) writeCategory(channel, category);
  }
  text(channel, 'itunes:explicit', show.explicit ? 'true' : 'false');
  text(channel, 'itunes:type', show.podcast_type);

  text(channel, 'podcast:guid', show.podcast_guid ?? podcastGuid(options.feedUrl));
  // The owner attribute is the address a new host emails to confirm a move; it is only written when known.
  const lockOwner = show.owner_email ?? show.contact_email;
  channel.ele('podcast:locked', lockOwner ? { owner: lockOwner } : {}).txt(show.locked ? 'yes' : 'no');
  writeShowPodcasting20(channel, show.podcasting20);
}

function writeCategory(channel: XmlNode, category: TAppleCategory) {
  const element = channel.ele('itunes:category', { text: category.category });
  if (category.subcategory) element.ele('itunes:category', { text: category.subcategory });
}

function writeItem(item: XmlNode, episode: TPublishableEpisode) {
  text(item, 'title', episode.title);
  text(item, 'itunes:title', episode.title);
  const notes = creatorNotesHtml(episode.description_html);
  appendCdata(item.ele('description'), notes);
  appendCdata(item.ele('content:encoded'), notes);
  if (episode.link) text(item, 'link', episode.link);
  item.ele('guid', { isPermaLink: 'false' }).txt(xmlSafe(episode.guid));
  text(item, 'pubDate', rfc2822(episode.publish_at!));
  item.ele('enclosure', {
    url: episode.enclosure.url,
    length: String(episode.enclosure.length),
    type: episode.enclosure.type,
  });
  if (episode.duration_s !== null) text(item, 'itunes:duration', Math.round(episode.duration_s));
  if (episode.image_url) item.ele('itunes:image', { href: episode.image_url });
  text(item, 'itunes:explicit', episode.explicit ? 'true' : 'false');
  text(item, 'itunes:episodeType', episode.episode_type);
  if (episode.season !== null) {
    text(item, 'itunes:season', episode.season);
    const season = episode.podcasting20.season_name;
    item.ele('podcast:season', season ? { name: xmlSafe(season) } : {}).txt(String(episode.season));
  }
  if (episode.episode !== null) {
    text(item, 'itunes:episode', episode.episode);
    text(item, 'podcast:episode', episode.episode);
  }
  for (const transcript of episode.transcripts) {
    const attributes: Record<string, string> = { url: transcript.url, type: transcript.type };
    if (transcript.language) attributes.language = transcript.language;
    if (transcript.rel) attributes.rel = transcript.rel;
    item.ele('podcast:transcript', attributes);
  }
  if (episode.chapters_url) item.ele('podcast:chapters', { url: episode.chapters_url, type: CHAPTERS_MIME_TYPE });
  writeItemPodcasting20(item, episode.podcasting20);
}
