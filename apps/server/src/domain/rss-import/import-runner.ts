import { randomUUID } from 'node:crypto';
import { NOTIFICATION_LINKS, RSS_IMPORT, RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import type { TConfig } from '../../config.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import { FeedParseError, parseFeed, type TParsedItem, type TParsedShow } from './parse/index.ts';
import { episodeFields, keyHash, uniqueItems } from './map-feed.ts';
import { fetchRemoteImage } from './remote-files.ts';
import { spreakerEpisodeIdOf } from './spreaker-ids.ts';
import type { RssImport } from './rss-import.entity.ts';
import type { ImportRunsRepository, TImportedEpisodeRow } from './import-runs.repository.ts';

export interface ImportRunnerDeps {
  runs: ImportRunsRepository;
  config: TConfig;
  storage: StoragePort;
  jobs: JobQueue;
  notifications: NotificationsService;
  /**
   * Publish-all to the show's Spreaker show (auto_publish_to_spreaker); resolves whether anything
   * started. Absent where the publishing service is not wired.
   */
  autoPublish?: AutoPublish;
  log?: (msg: string) => void;
}

export type AutoPublish = (userId: string, podcastId: string, publishState: string, signal?: AbortSignal) => Promise<boolean>;

export interface RunOptions {
  signal?: AbortSignal;
  /** Called after each batch is committed (tests stop an import here to resume it). */
  onBatch?: (imported: number, total: number) => void | Promise<void>;
}

/**
 * Items of a Spreaker feed carry their Spreaker episode id in the guid: on a show linked to that
 * Spreaker show they are recorded as already on the host (publish-all then skips them), unless the
 * id is already claimed by another episode (host episode ids are unique).
 */
async function spreakerIdsFor(runs: ImportRunsRepository, podcast: Podcast, items: readonly TParsedItem[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (podcast.hostKind !== 'spreaker') return ids;
  for (const item of items) {
    const id = item.guid ? spreakerEpisodeIdOf(item.guid) : null;
    if (id) ids.set(item.key, id);
  }
  if (ids.size === 0) return ids;
  const claimed = await runs.spreakerIdsTaken([...ids.values()]);
  for (const [key, id] of ids) if (claimed.has(id)) ids.delete(key);
  return ids;
}

/** A batch of feed items as the episodes rows the import writes. */
function episodeRows(
  row: RssImport,
  podcastId: string,
  items: readonly TParsedItem[],
  show: TParsedShow,
  now: Date,
  hostIds: Map<string, string>,
): TImportedEpisodeRow[] {
  return items.map((item) => {
    const f = episodeFields(item, show, now);
    return {
      id: randomUUID(),
      user_id: row.user.id,
      podcast_id: podcastId,
      title: f.title,
      description: f.description,
      season: f.season,
      episode_number: f.episodeNumber,
      explicit: f.explicit,
      episode_type: f.episodeType,
      status: f.status,
      guid: f.guid,
      publish_at: f.publishAt,
      published_at: f.publishedAt,
      processed_at: f.processedAt,
      duration_ms: f.durationMs,
      import_key: f.importKey,
      import_key_hash: f.importKeyHash,
      source_audio_url: f.sourceAudioUrl,
      source_audio_type: f.sourceAudioType,
      source_audio_bytes: f.sourceAudioBytes,
      source_image_url: f.sourceImageUrl,
      source_link: f.sourceLink,
      transcript_links: f.transcriptLinks ? JSON.stringify(f.transcriptLinks) : null,
      chapters_url: f.chaptersUrl,
      podcasting20: JSON.stringify(f.podcasting20),
      mirror_status: f.mirrorStatus,
      sidecars_pending: f.sidecarsPending,
      mirror_import_id: f.mirrorStatus || f.sidecarsPending ? row.id : null,
      host_kind: hostIds.has(item.key) ? 'spreaker' : null,
      host_episode_id: hostIds.get(item.key) ?? null,
      created_at: now,
      updated_at: now,
    };
  });
}

/** The show's artwork into storage, when it has none of its own yet. Best effort: a cover is optional. */
async function importArtwork(deps: ImportRunnerDeps, podcast: Podcast, url: string | null, signal?: AbortSignal): Promise<void> {
  if (!url || (podcast.coverStorageKey && !podcast.coverStorageKey.includes('/imported-cover.'))) return;
  try {
    const image = await fetchRemoteImage(deps.config, url, signal);
    const key = `users/${podcast.user.id}/podcasts/${podcast.id}/imported-cover.${image.extension}`;
    await deps.storage.putBytes(key, image.bytes);
    podcast.coverStorageKey = key;
  } catch (error) {
    deps.log?.(`rss.import: artwork ${url} skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What an import's notice opens: its show once it exists, else the import screen. */
export function rssImportLink(row: Pick<RssImport, 'podcast'>): string {
  return row.podcast ? NOTIFICATION_LINKS.show(row.podcast.id) : NOTIFICATION_LINKS.rssImport;
}

async function fail(deps: ImportRunnerDeps, row: RssImport, reason: string): Promise<void> {
  row.status = 'failed';
  row.error = reason;
  row.finishedAt = new Date();
  await deps.runs.save();
  await deps.notifications.notify(row.user.id, {
    title: RSS_IMPORT_MESSAGES.importFailed,
    body: reason,
    dedupeKey: `rss-import:${row.id}:failed`,
    link: rssImportLink(row),
  });
}

/**
 * rss.import: writes the episodes of the feed as fetched when the import started. Items go in
 * batches, each batch and the progress counter in one transaction, so a restart resumes after the
 * last whole batch and the unique item key makes anything written twice a no-op. Then the show's
 * counts are set and rss.mirror is queued for the external audio and linked files.
 */
export async function runImport(deps: ImportRunnerDeps, importId: string, options: RunOptions = {}): Promise<RssImport | null> {
  const { runs } = deps;
  const row = await runs.findForRun(importId);
  // A run that died between marking the import mirroring and queuing the mirror job: queued now, unless it was.
  if (row?.status === 'mirroring' && !(await runs.hasLiveMirrorJob(row.id))) {
    await deps.jobs.send('rss.mirror', { import_id: row.id }, { singletonKey: row.id });
  }
  if (!row?.podcast || !['queued', 'importing'].includes(row.status)) return row;
  const podcast = await runs.showOf(row.podcast.id);
  row.status = 'importing';
  await runs.save();
  let feed;
  try {
    if (!row.feedStorageKey) throw new Error('No feed snapshot');
    feed = parseFeed(await deps.storage.readBytes(row.feedStorageKey), { contentTypeHeader: row.contentType, baseUrl: row.finalUrl });
  } catch (error) {
    // The feed was parsed when the import started; failing now means the snapshot is gone or damaged.
    await fail(deps, row, error instanceof FeedParseError ? error.message : 'The fetched feed could not be read again.');
    return row;
  }
  const items = uniqueItems(feed.items);
  if (row.importedCount > 0) deps.log?.(`rss.import ${row.id}: resuming after ${row.importedCount} of ${items.length} episodes`);
  await importArtwork(deps, podcast, feed.show.artworkUrl, options.signal);
  const now = new Date();
  const hostIds = await spreakerIdsFor(runs, podcast, items);
  for (let offset = row.importedCount; offset < items.length; offset += RSS_IMPORT.importBatchSize) {
    options.signal?.throwIfAborted();
    const batch = items.slice(offset, offset + RSS_IMPORT.importBatchSize);
    const done = offset + batch.length;
    await runs.writeBatch(row.id, episodeRows(row, podcast.id, batch, feed.show, now, hostIds), done);
    await options.onBatch?.(done, items.length);
  }
  await runs.reload(row);
  await finishImport(
    deps,
    row,
    podcast,
    items.map((i) => keyHash(i.key)),
    options.signal,
  );
  return row;
}

async function finishImport(
  deps: ImportRunnerDeps,
  row: RssImport,
  podcast: Podcast,
  hashes: string[],
  signal?: AbortSignal,
): Promise<void> {
  const { runs } = deps;
  const present = await runs.countImported(podcast.id, hashes);
  const pending = await runs.pendingCopies(podcast.id, row.id);
  podcast.importedCount = present;
  // A Spreaker show's feed lists only its newest episodes: the show's own count is the whole catalogue.
  podcast.importFeedTotal = Math.max(hashes.length, row.hostTotal ?? 0);
  row.importedCount = hashes.length;
  row.mirrorTotal = pending.audio;
  if (pending.any > 0) row.status = 'mirroring';
  await runs.save();
  if (row.status === 'mirroring') {
    if (row.feedStorageKey) await deps.storage.delete(row.feedStorageKey);
    await deps.jobs.send('rss.mirror', { import_id: row.id }, { singletonKey: row.id });
  } else {
    // The snapshot stays until the import is done: a retry after a crash in importDone reads it again.
    await importDone(deps, row, podcast, signal);
    if (row.feedStorageKey) await deps.storage.delete(row.feedStorageKey);
  }
  deps.log?.(`rss.import ${row.id}: ${row.importedCount} episodes of "${podcast.name}", ${row.mirrorTotal} to mirror`);
}

/**
 * The end of an import: auto-publish to Spreaker when asked and the show is linked there (the
 * mirrored copies are the audio uploaded; publish-all skips episodes already on Spreaker), then the
 * bell, then the import is done. Marked done last, so a run that dies in here leaves the import
 * running and pg-boss's retry of its job comes back here (auto-publish then claims what a dead run
 * left queued without a job, once that mark's lease has passed).
 */
export async function importDone(
  deps: Pick<ImportRunnerDeps, 'runs' | 'notifications' | 'autoPublish' | 'log'>,
  row: RssImport,
  podcast: Podcast,
  signal?: AbortSignal,
): Promise<void> {
  if (row.autoPublishToSpreaker && podcast.spreakerShowId && deps.autoPublish && !row.autoPublishStarted) {
    await deps.runs.lendMirrorsAsFinalAudio(podcast.id);
    try {
      row.autoPublishStarted = await deps.autoPublish(row.user.id, podcast.id, row.publishState, signal);
      await deps.runs.save();
    } catch (error) {
      // Stopped (shutdown, lost claim): the job's retry comes back here.
      if (signal?.aborted) throw error;
      deps.log?.(`rss.import ${row.id}: auto-publish to Spreaker did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await notifyDone(deps, row, podcast);
  row.status = 'done';
  row.finishedAt = new Date();
  await deps.runs.save();
}

async function notifyDone(deps: Pick<ImportRunnerDeps, 'notifications'>, row: RssImport, podcast: Pick<Podcast, 'name'>): Promise<void> {
  await deps.notifications.notify(row.user.id, {
    title: RSS_IMPORT_MESSAGES.importComplete,
    body: `${row.importedCount} episodes of "${podcast.name}" imported${row.mirrorTotal > 0 ? `; ${row.mirroredCount} of ${row.mirrorTotal} audio files copied here` : ''}.`,
    dedupeKey: `rss-import:${row.id}:done`,
    link: rssImportLink(row),
  });
}
