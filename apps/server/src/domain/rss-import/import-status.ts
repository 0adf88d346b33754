import type { TRssImportResult } from '@ppp/contracts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { RssImport } from './rss-import.entity.ts';

export interface TImportStatus {
  needs_full_import: boolean;
  imported_count: number;
  feed_total: number;
}

/**
 * spec 001 §3 'import_status' of a show: null for a show made here; otherwise how many episodes
 * came in and how many the source has. needs_full_import is true while some are missing (a
 * running import, or a Spreaker show with more episodes than its RSS feed lists).
 */
export function importStatusOf(podcast: Pick<Podcast, 'importFeedTotal' | 'importedCount'>): TImportStatus | null {
  if (podcast.importFeedTotal === null || podcast.importFeedTotal === undefined) return null;
  const imported = podcast.importedCount ?? 0;
  return { needs_full_import: imported < podcast.importFeedTotal, imported_count: imported, feed_total: podcast.importFeedTotal };
}

/** The import as POST /api/import/rss and the status call answer it. */
export function toImportResult(row: RssImport, podcast: Podcast | null): TRssImportResult {
  const status = podcast ? importStatusOf(podcast) : null;
  return {
    import_id: row.id,
    podcast_id: podcast?.id ?? null,
    podcast_name: podcast?.name ?? '',
    description: podcast?.description ?? '',
    status: row.status as TRssImportResult['status'],
    error: row.error ?? null,
    episodes_imported: row.importedCount,
    mirrored_count: row.mirroredCount,
    mirror_total: row.mirrorTotal,
    mirror_failed: row.mirrorFailed,
    spreaker_linked: row.spreakerLinked,
    spreaker_attempted: row.spreakerAttempted,
    auto_publish_started: row.autoPublishStarted,
    import_status: status ?? { needs_full_import: row.importedCount < row.feedTotal, imported_count: row.importedCount, feed_total: row.feedTotal },
  };
}
