import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RSS_IMPORT, RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import type { TConfig } from '../../config.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { AppError } from '../errors.ts';
import { FeedParseError, parseFeed, type TParsedItem, type TParsedShow } from './parse/index.ts';
import { episodeFields, keyHash, uniqueItems } from './map-feed.ts';
import { fetchRemote } from './remote-files.ts';
import { RssImportSchema, type RssImport } from './rss-import.entity.ts';

export interface ImportRunnerDeps {
  em: EntityManager;
  config: TConfig;
  storage: StoragePort;
  jobs: JobQueue;
  notifications: NotificationsService;
  log?: (msg: string) => void;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Called after each batch is committed (tests stop an import here to resume it). */
  onBatch?: (imported: number, total: number) => void | Promise<void>;
}

const COLUMNS = [
  'id', 'user_id', 'podcast_id', 'title', 'description', 'season', 'episode_number', 'explicit', 'episode_type', 'status',
  'guid', 'publish_at', 'published_at', 'processed_at', 'duration_ms', 'import_key', 'import_key_hash', 'source_audio_url',
  'source_audio_type', 'source_audio_bytes', 'source_image_url', 'source_link', 'transcript_links', 'chapters_url',
  'mirror_status', 'created_at', 'updated_at',
] as const;

/** One batch in one statement; the unique (podcast_id, import_key_hash) makes a repeated item a no-op. */
async function insertBatch(tx: EntityManager, row: RssImport, podcastId: string, items: readonly TParsedItem[], show: TParsedShow, now: Date) {
  const params: unknown[] = [];
  const tuples = items.map((item) => {
    const f = episodeFields(item, show, now);
    params.push(
      randomUUID(), row.user.id, podcastId, f.title, f.description, f.season, f.episodeNumber, f.explicit, f.episodeType, f.status,
      f.guid, f.publishAt, f.publishedAt, f.processedAt, f.durationMs, f.importKey, f.importKeyHash, f.sourceAudioUrl,
      f.sourceAudioType, f.sourceAudioBytes, f.sourceImageUrl, f.sourceLink, f.transcriptLinks ? JSON.stringify(f.transcriptLinks) : null,
      f.chaptersUrl, f.mirrorStatus, now, now,
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

const ARTWORK_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/png': 'png' };

/** The show's artwork into storage, when it has none of its own yet. Best effort: a cover is optional. */
async function importArtwork(deps: ImportRunnerDeps, podcast: Podcast, url: string | null, signal?: AbortSignal): Promise<void> {
  if (!url || (podcast.coverStorageKey && !podcast.coverStorageKey.includes('/imported-cover.'))) return;
  try {
    const res = await fetchRemote(deps.config, 'artwork', url, signal);
    const type = String(res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const ext = ARTWORK_TYPES[type] ?? (res.body.subarray(0, 4).toString('hex') === '89504e47' ? 'png' : res.body[0] === 0xff && res.body[1] === 0xd8 ? 'jpg' : null);
    if (!ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The artwork is not a PNG or JPEG image.');
    const key = `users/${podcast.user.id}/podcasts/${podcast.id}/imported-cover.${ext}`;
    await deps.storage.putBytes(key, res.body);
    podcast.coverStorageKey = key;
  } catch (error) {
    deps.log?.(`rss.import: artwork ${url} skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function fail(deps: ImportRunnerDeps, row: RssImport, reason: string): Promise<void> {
  row.status = 'failed';
  row.error = reason;
  row.finishedAt = new Date();
  await deps.em.flush();
  await deps.notifications.notify(row.user.id, { title: RSS_IMPORT_MESSAGES.importFailed, body: reason, dedupeKey: `rss-import:${row.id}:failed` });
}

/**
 * rss.import: writes the episodes of the feed as fetched when the import started. Items go in
 * batches, each batch and the progress counter in one transaction, so a restart resumes after the
 * last whole batch and the unique item key makes anything written twice a no-op. Then the show's
 * counts are set and rss.mirror is queued for the external audio.
 */
export async function runImport(deps: ImportRunnerDeps, importId: string, options: RunOptions = {}): Promise<RssImport | null> {
  const { em } = deps;
  const row = await em.findOne(RssImportSchema, { id: importId }, { populate: ['podcast', 'user'] });
  if (!row?.podcast || !['queued', 'importing'].includes(row.status)) return row;
  const podcast = await em.findOneOrFail(PodcastSchema, { id: row.podcast.id });
  row.status = 'importing';
  await em.flush();
  let feed;
  try {
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
  for (let offset = row.importedCount; offset < items.length; offset += RSS_IMPORT.importBatchSize) {
    options.signal?.throwIfAborted();
    const batch = items.slice(offset, offset + RSS_IMPORT.importBatchSize);
    const done = offset + batch.length;
    await em.transactional(async (tx) => {
      await insertBatch(tx, row, podcast.id, batch, feed.show, now);
      await tx.nativeUpdate(RssImportSchema, { id: row.id }, { importedCount: done, updatedAt: new Date() });
    });
    await options.onBatch?.(done, items.length);
  }
  await em.refresh(row);
  await finishImport(deps, row, podcast, items.map((i) => keyHash(i.key)));
  return row;
}

async function finishImport(deps: ImportRunnerDeps, row: RssImport, podcast: Podcast, hashes: string[]): Promise<void> {
  const { em } = deps;
  const conn = em.getConnection();
  const [present] = await conn.execute<{ n: string }[]>(
    'select count(*) as n from episodes where podcast_id = ? and import_key_hash = any(?::varchar[])',
    // Hex digests only, so the array literal needs no quoting.
    [podcast.id, `{${hashes.join(',')}}`],
  );
  const [pending] = await conn.execute<{ n: string }[]>(
    `select count(*) as n from episodes where podcast_id = ? and mirror_status in ('pending', 'mirroring')`,
    [podcast.id],
  );
  podcast.importedCount = Number(present?.n ?? 0);
  podcast.importFeedTotal = hashes.length;
  row.importedCount = hashes.length;
  row.mirrorTotal = Number(pending?.n ?? 0);
  row.status = row.mirrorTotal > 0 ? 'mirroring' : 'done';
  if (row.status === 'done') row.finishedAt = new Date();
  await em.flush();
  await deps.storage.delete(row.feedStorageKey);
  if (row.status === 'mirroring') await deps.jobs.send('rss.mirror', { import_id: row.id }, { singletonKey: row.id });
  else await notifyDone(deps, row, podcast);
  deps.log?.(`rss.import ${row.id}: ${row.importedCount} episodes of "${podcast.name}", ${row.mirrorTotal} to mirror`);
}

export async function notifyDone(deps: Pick<ImportRunnerDeps, 'notifications'>, row: RssImport, podcast: Pick<Podcast, 'name'>): Promise<void> {
  await deps.notifications.notify(row.user.id, {
    title: RSS_IMPORT_MESSAGES.importComplete,
    body: `${row.importedCount} episodes of "${podcast.name}" imported${row.mirrorTotal > 0 ? `; ${row.mirroredCount} of ${row.mirrorTotal} audio files copied here` : ''}.`,
    dedupeKey: `rss-import:${row.id}:done`,
  });
}
