import {
  showPodcasting20Of,
  ZHostKind,
  ZPodcastLanguage,
  ZPodcastType,
  ZAppleCategory,
  type TAppleCategory,
  type TImportStatus,
  type TPodcast,
} from '@ppp/contracts';
import { podcastGuid, showFeedUrl } from '../publishing/feed/index.ts';
import type { Podcast } from './podcast.entity.ts';

const SEPARATOR = ' > ';

/** A category as one column: 'Arts' or 'Arts > Books'. */
export function encodeCategory(category: TAppleCategory | null): string | null {
  if (!category) return null;
  return category.subcategory ? `${category.category}${SEPARATOR}${category.subcategory}` : category.category;
}

export function decodeCategory(stored: string | null | undefined): TAppleCategory | null {
  if (!stored) return null;
  const [category, subcategory = null] = stored.split(SEPARATOR);
  const parsed = ZAppleCategory.safeParse({ category, subcategory });
  return parsed.success ? parsed.data : null;
}

/** The public path of a show's cover; the version changes the URL whenever the cover does. */
export function showCoverUrl(baseUrl: string, podcast: Pick<Podcast, 'id' | 'coverStorageKey'>): string | null {
  if (!podcast.coverStorageKey) return null;
  const name = podcast.coverStorageKey.split('/').pop() ?? 'cover.jpg';
  const [version = '', ext = 'jpg'] = name.replace(/^cover-/, '').split('.');
  return `${baseUrl}/feeds/${podcast.id}/cover.${ext}?v=${encodeURIComponent(version)}`;
}

/**
 * RSS import progress (spec 001 §3 import_status); null for a show that was never imported.
 * needs_full_import is true while some are missing (a running import, or a Spreaker show with more
 * episodes than its RSS feed lists, as recover-from-spreaker finds).
 */
export function importStatusOf(podcast: Pick<Podcast, 'importFeedTotal' | 'importedCount'>): TImportStatus | null {
  if (podcast.importFeedTotal === null || podcast.importFeedTotal === undefined) return null;
  const imported = podcast.importedCount ?? 0;
  return { needs_full_import: imported < podcast.importFeedTotal, imported_count: imported, feed_total: podcast.importFeedTotal };
}

/** The Podcasting 2.0 guid: kept from an import, otherwise computed from our feed URL. */
export function guidOf(baseUrl: string, podcast: Pick<Podcast, 'id' | 'podcastGuid'>): string {
  return podcast.podcastGuid ?? podcastGuid(showFeedUrl(baseUrl, podcast.id));
}

export function toPodcastDto(podcast: Podcast, baseUrl: string): TPodcast {
  const category = decodeCategory(podcast.category);
  const category2 = decodeCategory(podcast.category2);
  const category3 = decodeCategory(podcast.category3);
  return {
    id: podcast.id,
    name: podcast.name,
    description: podcast.description,
    cover_path: podcast.coverStorageKey ?? null,
    cover_url: showCoverUrl(baseUrl, podcast),
    podcast_type: ZPodcastType.catch('episodic').parse(podcast.podcastType),
    language: ZPodcastLanguage.catch('en').parse(podcast.language),
    copyright_line: podcast.copyrightLine ?? null,
    owner_name: podcast.ownerName ?? null,
    owner_email: podcast.ownerEmail ?? null,
    author_name: podcast.authorName ?? null,
    contact_email: podcast.contactEmail ?? null,
    category,
    category_2: category2,
    category_3: category3,
    category_id: encodeCategory(category),
    category_2_id: encodeCategory(category2),
    category_3_id: encodeCategory(category3),
    explicit: podcast.explicit,
    website_url: podcast.websiteUrl ?? null,
    host_kind: ZHostKind.catch('builtin').parse(podcast.hostKind),
    spreaker_show_id: podcast.spreakerShowId ?? null,
    rss_url: showFeedUrl(baseUrl, podcast.id),
    locked: podcast.locked,
    podcasting20: showPodcasting20Of(podcast.podcasting20),
    rss_url_locked: podcast.locked,
    podcast_guid: guidOf(baseUrl, podcast),
    import_status: importStatusOf(podcast),
    created_at: podcast.createdAt,
    updated_at: podcast.updatedAt,
  };
}
