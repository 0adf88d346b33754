import { EpisodeSchema, type Episode } from '../episodes/episode.entity.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { liveJobExists } from '../jobs/live-jobs.ts';
import { RssImportSchema, type RssImport } from './rss-import.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The episodes columns an import writes, in the order of its insert. */
export const IMPORTED_EPISODE_COLUMNS = [
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
  'podcasting20',
  'mirror_status',
  'sidecars_pending',
  'mirror_import_id',
  'host_kind',
  'host_episode_id',
  'created_at',
  'updated_at',
] as const;

/** The columns written as JSON text. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(['transcript_links', 'podcasting20']);

/** One imported episode as the insert writes it, column by column (transcript_links and podcasting20 as JSON text). */
export type TImportedEpisodeRow = Record<(typeof IMPORTED_EPISODE_COLUMNS)[number], unknown>;

/** A counter of the import that one episode's mirroring moves. */
export type TMirrorCounter = 'mirrored_count' | 'mirror_failed';

/** The rss.import, rss.mirror and rss.mirror-cleanup jobs' reads and writes: batches, counters and copies. */
export class ImportRunsRepository extends Repository {
  findById(importId: string): Promise<RssImport | null> {
    return this.em.findOne(RssImportSchema, { id: importId });
  }

  /** The import with its show and user, as the import job starts it. */
  findForRun(importId: string): Promise<RssImport | null> {
    return this.em.findOne(RssImportSchema, { id: importId }, { populate: ['podcast', 'user'] });
  }

  showOf(podcastId: string): Promise<Podcast> {
    return this.em.findOneOrFail(PodcastSchema, { id: podcastId });
  }

  /** Whether the import's rss.mirror job is queued or running. */
  hasLiveMirrorJob(importId: string): Promise<boolean> {
    return liveJobExists(this.em, 'rss.mirror', 'import_id', importId);
  }

  /** Writes the changes made to rows read through this unit of work. */
  save(): Promise<void> {
    return this.em.flush();
  }

  /** Reads the import again from the database (its counters moved by single statements). */
  async reload(row: RssImport): Promise<void> {
    await this.em.refresh(row);
  }

  /** Which of these Spreaker episode ids an episode of any show already holds. */
  async spreakerIdsTaken(hostEpisodeIds: readonly string[]): Promise<Set<string>> {
    const taken = await this.em
      .getConnection()
      .execute<{ host_episode_id: string }[]>(
        `select host_episode_id from episodes where host_kind = 'spreaker' and host_episode_id = any(?::varchar[])`,
        [`{${hostEpisodeIds.join(',')}}`],
      );
    return new Set(taken.map((t) => t.host_episode_id));
  }

  /**
   * Writes one batch of episodes in one statement and the import's progress, in one transaction; the
   * unique (podcast_id, import_key_hash) makes a repeated item a no-op.
   */
  async writeBatch(importId: string, episodes: readonly TImportedEpisodeRow[], importedCount: number): Promise<void> {
    const tuple = `(${IMPORTED_EPISODE_COLUMNS.map((c) => (JSON_COLUMNS.has(c) ? '?::jsonb' : '?')).join(', ')})`;
    const params = episodes.flatMap((episode) => IMPORTED_EPISODE_COLUMNS.map((column) => episode[column]));
    await this.em.transactional(async (tx) => {
      await tx.getConnection().execute(
        `insert into episodes (${IMPORTED_EPISODE_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${episodes.map(() => tuple).join(', ')}
         on conflict ("podcast_id", "import_key_hash") do nothing`,
        params,
        'run',
        tx.getTransactionContext(),
      );
      await tx.nativeUpdate(RssImportSchema, { id: importId }, { importedCount, updatedAt: new Date() });
    });
  }

  /** How many of the show's episodes carry one of these import key hashes (hex digests). */
  async countImported(podcastId: string, keyHashes: readonly string[]): Promise<number> {
    const [present] = await this.em.getConnection().execute<{ n: string }[]>(
      'select count(*) as n from episodes where podcast_id = ? and import_key_hash = any(?::varchar[])',
      // Hex digests only, so the array literal needs no quoting.
      [podcastId, `{${keyHashes.join(',')}}`],
    );
    return Number(present?.n ?? 0);
  }

  /** The import's episodes still to copy: audio pending, and any with audio or linked files pending. */
  async pendingCopies(podcastId: string, importId: string): Promise<{ audio: number; any: number }> {
    const [pending] = await this.em.getConnection().execute<{ audio: string; any: string }[]>(
      `select count(*) filter (where mirror_status in ('pending', 'mirroring')) as audio, count(*) as any
       from episodes where podcast_id = ? and mirror_import_id = ? and (mirror_status in ('pending', 'mirroring') or sidecars_pending)`,
      [podcastId, importId],
    );
    return { audio: Number(pending?.audio ?? 0), any: Number(pending?.any ?? 0) };
  }

  /** The show's mirrored episodes not yet on a host get their copy as final audio (what auto-publish uploads). */
  async lendMirrorsAsFinalAudio(podcastId: string): Promise<void> {
    await this.em.getConnection().execute(
      `update episodes set final_audio_key = mirror_key, final_audio_bytes = source_audio_bytes
       where podcast_id = ? and mirror_status = 'done' and final_audio_key is null and host_episode_id is null`,
      [podcastId],
    );
  }

  /** The ids of the import's episodes with audio or linked files still to copy, newest first. */
  async toMirror(podcastId: string, importId: string): Promise<string[]> {
    const rows = await this.em.find(
      EpisodeSchema,
      {
        podcast: podcastId,
        mirrorImportId: importId,
        $or: [{ mirrorStatus: { $in: ['pending', 'mirroring'] } }, { sidecarsPending: true }],
      },
      { fields: ['id'], orderBy: { publishAt: 'desc nulls last' } },
    );
    return rows.map((e) => e.id);
  }

  episodeOf(id: string): Promise<Episode> {
    return this.em.findOneOrFail(EpisodeSchema, { id });
  }

  /** Writes an episode's mirroring outcome and moves the import's counter (when given) in one transaction. */
  async saveMirrorOutcome(importId: string, counter: TMirrorCounter | null): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.flush();
      if (counter) {
        await tx
          .getConnection()
          .execute(
            `update rss_imports set ${counter} = ${counter} + 1, updated_at = now() where id = ?`,
            [importId],
            'run',
            tx.getTransactionContext(),
          );
      }
    });
  }

  /** Up to 200 mirrored copies past their expiry by `now`, with their shows. */
  expiredMirrors(now: Date): Promise<Episode[]> {
    return this.em.find(EpisodeSchema, { mirrorStatus: 'done', mirrorExpiresAt: { $lte: now } }, { populate: ['podcast'], limit: 200 });
  }
}
