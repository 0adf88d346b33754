import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NOTIFICATION_LINKS, RSS_IMPORT, RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import type { TConfig } from '../../config.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { liveJobExists } from '../jobs/live-jobs.ts';
import { FeedParseError, parseFeed, type TParsedItem, type TParsedShow } from './parse/index.ts';
import { episodeFields, keyHash, uniqueItems } from './map-feed.ts';
import { fetchRemoteImage } from './remote-files.ts';
import { spreakerEpisodeIdOf } from './spreaker-ids.ts';
import { RssImportSchema, type RssImport } from './rss-import.entity.ts';

export interface ImportRunnerDeps {
  em: EntityManager;
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

const COLUMNS = [
  'id',
  'user_id',
  'podcast_id',
  'title',
  'description',
  'season',
  'episode_number',
  'explicit',
  'episode_type',
  'status',
  'guid',
  'publish_at',
  'published_at',
  'processed_at',
  'duration_ms',
  'import_key',
  'import_key_hash',
  'source_audio_url',
  'source_audio_type',
  'source_audio_bytes',
  'source_image_url',
  'source_link',
  'transcript_links',
  'chapters_url',
  'mirror_status',
  'sidecars_pending',
  'mirror_import_id',
  'host_kind',
  'host_episode_id',
  'created_at',
  'updated_at',
] as const;

/**
 * Items of a Spreaker feed carry their Spreaker episode id in the guid: on a show linked to that
 * Spreaker show they are recorded as already on the host (publish-all then skips them), unless the
 * id is already claimed by another episode (host episode ids are unique).
 */
async function spreakerIdsFor(em: EntityManager, podcast: Podcast, items: readonly TParsedItem[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (podcast.hostKind !== 'spreaker') return ids;
  for (const item of items) {
    const id = item.guid ? spreakerEpisodeIdOf(item.guid) : null;
    if (id) ids.set(item.key, id);
  }
  if (ids.size === 0) return ids;
  const taken = await em
    .getConnection()
    .execute<{ host_episode_id: string }[]>(
      `select host_episode_id from episodes where host_kind = 'spreaker' and host_episode_id = any(?::varchar[])`,
      [`{${[...ids.values()].join(',')}}`],
    );
  const claimed = new Set(taken.map((t) => t.host_episode_id));
  for (const [key, id] of ids) if (claimed.has(id)) ids.delete(key);
  return ids;
}

/** One batch in one statement; the unique (podcast_id, import_key_hash) makes a repeated item a no-op. */
async function insertBatch(
  tx: EntityManager,
  row: RssImport,
  podcastId: string,
  items: readonly TParsedItem[],
  show: TParsedShow,
  now: Date,
  hostIds: Map<string, string>,
) {
  const params: unknown[] = [];
  const tuples = items.map((item) => {
    const f = episodeFields(item, show, now);
    params.push(
      randomUUID(),
      row.user.id,
      podcastId,
      f.title,
      f.description,
      f.season,
      f.episodeNumber,
      f.explicit,
      f.episodeType,
      f.status,
      f.guid,
      f.publishAt,
      f.publishedAt,
      f.processedAt,
      f.durationMs,
      f.importKey,
      f.importKeyHash,
      f.sourceAudioUrl,
      f.sourceAudioType,
      f.sourceAudioBytes,
      f.sourceImageUrl,
      f.sourceLink,
      f.transcriptLinks ? JSON.stringify(f.transcriptLinks) : null,
      f.chaptersUrl,
      f.mirrorStatus,
      f.sidecarsPending,
      f.mirrorStatus || f.sidecarsPending ? row.id : null,
      hostIds.has(item.key) ? 'spreaker' : null,
      hostIds.get(item.key) ?? null,
      now,
      now,
    );
    return `(${COLUMNS.map((c) => (c === 'transcript_links' ? '?::jsonb' : '?')).join(', ')})`;
  });
  await tx.getConnection().execute(
    `insert into episodes (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}
     on conflict ("podcast_id", "import_key_hash") do nothing`,
    params,
    'run',
    tx.getTransactionContext(),
  );
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
  await deps.em.flush();
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
  const { em } = deps;
  const row = await em.findOne(RssImportSchema, { id: importId }, { populate: ['podcast', 'user'] });
  // A run that died between marking the import mirroring and queuing the mirror job: queued now, unless it was.
  if (row?.status === 'mirroring' && !(await liveJobExists(em, 'rss.mirror', 'import_id', row.id))) {
    await deps.jobs.send('rss.mirror', { import_id: row.id }, { singletonKey: row.id });
  }
  if (!row?.podcast || !['queued', 'importing'].includes(row.status)) return row;
  const podcast = await em.findOneOrFail(PodcastSchema, { id: row.podcast.id });
  row.status = 'importing';
  await em.flush();
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
  const hostIds = await spreakerIdsFor(em, podcast, items);
  for (let offset = row.importedCount; offset < items.length; offset += RSS_IMPORT.importBatchSize) {
    options.signal?.throwIfAborted();
    const batch = items.slice(offset, offset + RSS_IMPORT.importBatchSize);
    const done = offset + batch.length;
    await em.transactional(async (tx) => {
      await insertBatch(tx, row, podcast.id, batch, feed.show, now, hostIds);
      await tx.nativeUpdate(RssImportSchema, { id: row.id }, { importedCount: done, updatedAt: new Date() });
    });
    await options.onBatch?.(done, items.length);
  }
  await em.refresh(row);
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
  const { em } = deps;
  const conn = em.getConnection();
  const [present] = await conn.execute<{ n: string }[]>(
    'select count(*) as n from episodes where podcast_id = ? and import_key_hash = any(?::varchar[])',
    // Hex digests only, so the array literal needs no quoting.
    [podcast.id, `{${hashes.join(',')}}`],
  );
  const [pending] = await conn.execute<{ audio: string; any: string }[]>(
    `select count(*) filter (where mirror_status in ('pending', 'mirroring')) as audio, count(*) as any
     from episodes where podcast_id = ? and mirror_import_id = ? and (mirror_status in ('pending', 'mirroring') or sidecars_pending)`,
    [podcast.id, row.id],
  );
  podcast.importedCount = Number(present?.n ?? 0);
  // A Spreaker show's feed lists only its newest episodes: the show's own count is the whole catalogue.
  podcast.importFeedTotal = Math.max(hashes.length, row.hostTotal ?? 0);
  row.importedCount = hashes.length;
  row.mirrorTotal = Number(pending?.audio ?? 0);
  if (Number(pending?.any ?? 0) > 0) row.status = 'mirroring';
  await em.flush();
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
  deps: Pick<ImportRunnerDeps, 'em' | 'notifications' | 'autoPublish' | 'log'>,
  row: RssImport,
  podcast: Podcast,
  signal?: AbortSignal,
): Promise<void> {
  if (row.autoPublishToSpreaker && podcast.spreakerShowId && deps.autoPublish && !row.autoPublishStarted) {
    await deps.em.getConnection().execute(
      `update episodes set final_audio_key = mirror_key, final_audio_bytes = source_audio_bytes
       where podcast_id = ? and mirror_status = 'done' and final_audio_key is null and host_episode_id is null`,
      [podcast.id],
    );
    try {
      row.autoPublishStarted = await deps.autoPublish(row.user.id, podcast.id, row.publishState, signal);
      await deps.em.flush();
    } catch (error) {
      // Stopped (shutdown, lost claim): the job's retry comes back here.
      if (signal?.aborted) throw error;
      deps.log?.(`rss.import ${row.id}: auto-publish to Spreaker did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await notifyDone(deps, row, podcast);
  row.status = 'done';
  row.finishedAt = new Date();
  await deps.em.flush();
}

async function notifyDone(deps: Pick<ImportRunnerDeps, 'notifications'>, row: RssImport, podcast: Pick<Podcast, 'name'>): Promise<void> {
  await deps.notifications.notify(row.user.id, {
    title: RSS_IMPORT_MESSAGES.importComplete,
    body: `${row.importedCount} episodes of "${podcast.name}" imported${row.mirrorTotal > 0 ? `; ${row.mirroredCount} of ${row.mirrorTotal} audio files copied here` : ''}.`,
    dedupeKey: `rss-import:${row.id}:done`,
    link: rssImportLink(row),
  });
}
