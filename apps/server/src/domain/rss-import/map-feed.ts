import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  APPLE_PODCAST_CATEGORIES,
  isAppleCategoryPair,
  isPodcastLanguage,
  PODCAST_LANGUAGES,
  PODCAST_LIMITS,
  RSS_IMPORT,
  type TAppleCategory,
  type TPodcastLanguage,
  type TRssPreview,
} from '@ppp/contracts';
import { isSpreakerFeed, newestItems, type TParsedCategory, type TParsedFeed, type TParsedItem, type TParsedShow } from './parse/index.ts';
import { plainText } from '../text/podcast-html.ts';

/** Pure mapping from a parsed feed onto the show and episode columns; no database, no network. */

/** Apple renamed and merged categories in 2019; old feeds still carry the old names. */
const LEGACY_CATEGORIES: Record<string, { category: string; subcategories?: Record<string, string> }> = {
  'games & hobbies': {
    category: 'Leisure',
    subcategories: {
      'video games': 'Video Games',
      'other games': 'Games',
      automotive: 'Automotive',
      aviation: 'Aviation',
      hobbies: 'Hobbies',
    },
  },
  'science & medicine': { category: 'Science' },
  'news & politics': { category: 'News', subcategories: { politics: 'Politics' } },
  'sports & recreation': { category: 'Sports' },
  health: { category: 'Health & Fitness' },
};

function canonical(name: string): string | null {
  return APPLE_PODCAST_CATEGORIES.find((c) => c.name.toLowerCase() === name.trim().toLowerCase())?.name ?? null;
}

function appleCategoryOf(parsed: TParsedCategory): TAppleCategory | null {
  const legacy = LEGACY_CATEGORIES[parsed.name.trim().toLowerCase()];
  const category = legacy?.category ?? canonical(parsed.name);
  if (!category) return null;
  const entry = APPLE_PODCAST_CATEGORIES.find((c) => c.name === category);
  for (const raw of parsed.subcategories) {
    const mapped =
      legacy?.subcategories?.[raw.trim().toLowerCase()] ??
      (entry?.subcategories as readonly string[] | undefined)?.find((s) => s.toLowerCase() === raw.trim().toLowerCase());
    if (mapped && isAppleCategoryPair(category, mapped)) return { category, subcategory: mapped } as TAppleCategory;
  }
  return { category, subcategory: null } as TAppleCategory;
}

/** One primary category plus up to two more, as Apple categories; unknown names are dropped. */
export function appleCategories(parsed: readonly TParsedCategory[]): TAppleCategory[] {
  const out: TAppleCategory[] = [];
  for (const value of parsed) {
    const mapped = appleCategoryOf(value);
    if (mapped && !out.some((c) => c.category === mapped.category)) out.push(mapped);
  }
  return out.slice(0, PODCAST_LIMITS.maxCategories);
}

/** The show's category column format (the podcasts DTO's 'Category' or 'Category > Subcategory'). */
export function categoryColumn(category: TAppleCategory | undefined): string | null {
  if (!category) return null;
  return category.subcategory ? `${category.category} > ${category.subcategory}` : category.category;
}

/**
 * The feed's language as the show keeps it: an offered language or a regional variant of one stays as
 * written ('en-US' stays 'en-US', issue 36); pt_PT is read as pt-PT; a language the product does not
 * offer falls back to English.
 */
export function languageOf(raw: string | null): TPodcastLanguage {
  const value = (raw ?? '').trim().replace('_', '-');
  if (isPodcastLanguage(value)) return value;
  const base = value.split('-')[0]?.toLowerCase() ?? '';
  return (PODCAST_LANGUAGES as readonly string[]).includes(base) ? base : 'en';
}

const clip = (value: string | null, max: number): string | null => (value ? value.slice(0, max) : null);
const isEmail = (value: string | null): value is string => value !== null && z.email().safeParse(value).success;

/** Column values of the show taken from the feed (podcast.entity.ts names). */
export function showFields(show: TParsedShow, feedUrl: string) {
  const categories = appleCategories(show.categories);
  const guid = show.podcastGuid && z.uuid().safeParse(show.podcastGuid).success ? show.podcastGuid.toLowerCase() : null;
  return {
    name: clip(show.title, 255) ?? 'Imported podcast',
    description: show.description ?? '',
    podcastType: show.type,
    language: languageOf(show.language),
    copyrightLine: clip(show.copyright, 500),
    ownerName: clip(show.ownerName, 255),
    ownerEmail: isEmail(show.ownerEmail) ? show.ownerEmail : null,
    authorName: clip(show.author, 255),
    contactEmail: isEmail(show.ownerEmail) ? show.ownerEmail : null,
    category: categoryColumn(categories[0]),
    category2: categoryColumn(categories[1]),
    category3: categoryColumn(categories[2]),
    explicit: show.explicit ?? false,
    websiteUrl: show.link,
    locked: show.locked ?? false,
    podcastGuid: guid,
    importedFeedUrl: feedUrl,
    podcasting20: show.podcasting20,
  };
}

export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Items in feed order without repeats: real feeds sometimes list one guid twice; the first wins. */
export function uniqueItems(items: readonly TParsedItem[]): TParsedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.key) ? false : (seen.add(item.key), true)));
}

/** Column values of one imported episode (episode.entity.ts names). */
export function episodeFields(item: TParsedItem, show: TParsedShow, now: Date) {
  const future = item.pubDate !== null && item.pubDate.getTime() > now.getTime();
  return {
    title: clip(item.title, 255) ?? (item.pubDate ? `Episode of ${item.pubDate.toISOString().slice(0, 10)}` : 'Untitled episode'),
    description: item.description ?? '',
    season: item.season,
    episodeNumber: item.episode,
    explicit: item.explicit ?? show.explicit ?? false,
    episodeType: item.episodeType,
    // Scheduled at the old host: it stays scheduled here until its time.
    status: future ? 'scheduled' : 'published',
    guid: (item.guid ?? item.key).slice(0, 1000),
    publishAt: item.pubDate,
    publishedAt: future ? null : item.pubDate,
    processedAt: now,
    durationMs: item.durationMs,
    importKey: item.key,
    importKeyHash: keyHash(item.key),
    sourceAudioUrl: item.enclosure?.url ?? null,
    sourceAudioType: clip(item.enclosure?.type ?? null, 100),
    sourceAudioBytes: item.enclosure?.length ?? null,
    // An item repeating the show's artwork has none of its own: it shows the show's cover.
    sourceImageUrl: item.imageUrl !== show.artworkUrl ? item.imageUrl : null,
    sourceLink: item.link,
    transcriptLinks: item.transcripts.length > 0 ? item.transcripts : null,
    chaptersUrl: item.chapters?.url ?? null,
    podcasting20: item.podcasting20,
    mirrorStatus: item.enclosure ? 'pending' : null,
    sidecarsPending: item.transcripts.length > 0 || item.chapters !== null || (item.imageUrl !== null && item.imageUrl !== show.artworkUrl),
  };
}

/** What the Import page shows before importing: the show and its newest five episodes. */
export function previewOf(feed: TParsedFeed, finalUrl: string, requestedUrl: string): Omit<TRssPreview, 'existing_podcast_id'> {
  const { show } = feed;
  return {
    feed_url: finalUrl,
    is_spreaker: isSpreakerFeed(requestedUrl) || isSpreakerFeed(finalUrl),
    show: {
      title: show.title ?? 'Untitled podcast',
      description: plainText(show.description ?? '', 600),
      author: show.author,
      language: show.language,
      artwork_url: show.artworkUrl,
      categories: appleCategories(show.categories).map((c) => categoryColumn(c) ?? c.category),
      explicit: show.explicit ?? false,
      podcast_guid: show.podcastGuid,
      locked: show.locked ?? false,
    },
    feed_total: uniqueItems(feed.items).length,
    episodes: newestItems(feed, RSS_IMPORT.previewCount).map((item) => ({
      title: item.title ?? 'Untitled episode',
      published_at: item.pubDate,
      duration_ms: item.durationMs,
      season_number: item.season,
      episode_number: item.episode,
      episode_type: item.episodeType,
      explicit: item.explicit ?? show.explicit ?? false,
      has_audio: item.enclosure !== null,
      summary: plainText(item.description ?? '', 280),
    })),
  };
}
