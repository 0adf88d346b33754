import type { TRssImportResult } from '@ppp/contracts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import { importStatusOf } from '../podcasts/podcast.dto.ts';
import type { RssImport } from './rss-import.entity.ts';

/** spec 001 §3 'import_status' of a show: one definition, beside the show's DTO. */
export { importStatusOf };

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
    import_status: status ?? {
      needs_full_import: row.importedCount < row.feedTotal,
      imported_count: row.importedCount,
      feed_total: row.feedTotal,
    },
  };
}
