import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { User } from '../users/user.entity.ts';
import { UserSchema } from '../users/user.entity.ts';
import { EpisodeSchema, type Episode } from '../episodes/episode.entity.ts';
import { TranscriptSchema, type Transcript } from '../transcripts/transcript.entity.ts';
import { jobsTableExists, liveJobExists, liveStateSql } from '../jobs/live-jobs.ts';
import { Repository } from '../../db/repository.ts';

/** A show's imported episodes (user_id, podcast_id bound) live at their old host, mirrored here, on no host of ours. */
const IMPORTED_FOR_HOST = `user_id = ? and podcast_id = ? and status = 'published' and import_key_hash is not null
  and host_episode_id is null and final_audio_key is not null`;

/**
 * A SQL condition (on a statement over `episodes`) that is true when no live publish.episode job is
 * queued for the row's episode; 'true' when pg-boss has never started (then there is none).
 */
async function noLivePublishJobSql(em: EntityManager): Promise<string> {
  if (!(await jobsTableExists(em))) return 'true';
  return `not exists (select 1 from pgboss.job j where j.name = 'publish.episode' and j.data->>'episode_id' = episodes.id::text
    and ${liveStateSql('j')})`;
}

/** What publishing, the feeds, downloads and analytics read and write: episodes as the host sees them. */
export class PublishingRepository extends Repository {
  /** One of the user's episodes with its show; null for another user's, a malformed id or a missing one. */
  async findOwned(user: Pick<User, 'id'>, id: string): Promise<Episode | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(EpisodeSchema, { id, user: user.id }, { populate: ['podcast'] });
  }

  /** The episode a publish.episode run works on, with its show, its owner and the upload it was made from. */
  forPublishRun(id: string): Promise<Episode | null> {
    return this.em.findOne(EpisodeSchema, { id }, { populate: ['podcast', 'user', 'sourceMedia'] });
  }

  /** The episode read afresh (under its publish lock), with its show. */
  reload(id: string): Promise<Episode> {
    return this.em.findOneOrFail(EpisodeSchema, { id }, { populate: ['podcast'], refresh: true });
  }

  userById(id: string) {
    return this.em.findOneOrFail(UserSchema, { id });
  }

  /** Whether a publish.episode job for the episode is waiting, running or due for a retry. */
  jobPending(episodeId: string): Promise<boolean> {
    return liveJobExists(this.em, 'publish.episode', 'episode_id', episodeId);
  }

  /**
   * Marks queued (in one statement) the show's imported episodes not yet on a host of ours, and those
   * a dead run marked longer than `leaseSeconds` ago with no live publish.episode job; answers their ids.
   */
  async claimImported(userId: string, podcastId: string, visibility: string, leaseSeconds: number): Promise<string[]> {
    // updated_at is the mark's time: any later write only moves it on, so a live mark is never taken early.
    const orphaned = `publish_state = 'queued' and updated_at < now() - make_interval(secs => ?) and ${await noLivePublishJobSql(this.em)}`;
    const claimed = await this.em.getConnection().execute<{ id: string }[]>(
      `update episodes set publish_state = 'queued', publish_error = null, host_upload_token = null, visibility = ?, updated_at = now()
       where ${IMPORTED_FOR_HOST} and (publish_state is null or (${orphaned}))
       returning id`,
      [visibility, userId, podcastId, leaseSeconds],
    );
    return claimed.map((row) => row.id);
  }

  /** Releases episodes marked queued whose job could not be sent. */
  async releaseUnsent(ids: readonly string[]): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        `update episodes set publish_state = null where id = any(?::uuid[]) and publish_state = 'queued' and host_episode_id is null`,
        [`{${ids.join(',')}}`],
      );
  }

  /**
   * Milliseconds (on the database's clock, which stamped the marks) until the newest mark on the
   * show's imported episodes left queued with no live job passes `leaseSeconds`; null when there is none.
   */
  async importedMarkWaitMs(userId: string, podcastId: string, leaseSeconds: number): Promise<number | null> {
    const [row] = await this.em.getConnection().execute<{ wait_ms: number | string | null }[]>(
      `select extract(epoch from max(updated_at) + make_interval(secs => ?) - now()) * 1000 as wait_ms
       from episodes where ${IMPORTED_FOR_HOST} and publish_state = 'queued' and ${await noLivePublishJobSql(this.em)}`,
      [leaseSeconds, userId, podcastId],
    );
    if (row?.wait_ms === null || row?.wait_ms === undefined) return null;
    return Number(row.wait_ms);
  }

  /** A show's processed (unpublished) episodes, oldest first. */
  unpublishedOf(podcastId: string): Promise<Episode[]> {
    return this.em.find(EpisodeSchema, { podcast: podcastId, status: 'processed' }, { orderBy: { createdAt: 'asc' } });
  }

  /** A show's live episodes (published or scheduled). */
  liveOf(podcastId: string): Promise<Episode[]> {
    return this.em.find(EpisodeSchema, { podcast: podcastId, status: { $in: ['published', 'scheduled'] } });
  }

  /** The instance's newest public episodes with audio, published or scheduled and due, with their shows. */
  recentPublic(now: Date, limit: number): Promise<Episode[]> {
    return this.em.find(
      EpisodeSchema,
      { finalAudioKey: { $ne: null }, status: { $in: ['published', 'scheduled'] }, publishAt: { $lte: now }, visibility: 'public' },
      { populate: ['podcast'], orderBy: { publishAt: 'desc nulls last', id: 'asc' }, limit },
    );
  }

  /**
   * A version of every row a show's feed is built from: the show, its episodes, their uploads'
   * transcripts and its website. The count and summed transaction ids (xmin) change with any
   * insert, update or delete, by any server or job; null for a malformed id.
   */
  async feedVersion(podcastId: string): Promise<string | null> {
    if (!z.uuid().safeParse(podcastId).success) return null;
    const [row] = await this.em.getConnection().execute<{ version: string }[]>(
      `select concat_ws('.',
         (select xmin::text from podcasts where id = ?),
         (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from episodes where podcast_id = ?),
         (select coalesce(sum(t.xmin::text::bigint), 0) from transcripts t join episodes e on e.source_media_id = t.media_id
           where e.podcast_id = ?),
         (select coalesce(sum(xmin::text::bigint), 0) from websites where podcast_id = ?)) as version`,
      [podcastId, podcastId, podcastId, podcastId],
    );
    return row?.version ?? null;
  }

  /** A show's live episodes with audio, latest publish time first: the feed's candidates. */
  feedCandidates(podcastId: string): Promise<Episode[]> {
    return this.em.find(
      EpisodeSchema,
      { podcast: podcastId, status: { $in: ['published', 'scheduled'] }, finalAudioKey: { $ne: null } },
      { orderBy: { publishAt: 'desc' } },
    );
  }

  /** An episode of this show by id; null when there is none (or an id is malformed). */
  async findInShow(podcastId: string, episodeId: string): Promise<Episode | null> {
    const ids = z.object({ p: z.uuid(), e: z.uuid() }).safeParse({ p: podcastId, e: episodeId });
    return ids.success ? this.em.findOne(EpisodeSchema, { id: episodeId, podcast: podcastId }) : null;
  }

  /** Which of these uploads have a transcript with words: one query, reading no word lists. */
  async uploadsWithWords(mediaIds: readonly string[]): Promise<Set<string>> {
    if (mediaIds.length === 0) return new Set();
    const rows = await this.em
      .getConnection()
      .execute<{ media_id: string }[]>(`select media_id from transcripts where media_id = any(?::uuid[]) and words <> '[]'::jsonb`, [
        `{${mediaIds.join(',')}}`,
      ]);
    return new Set(rows.map((row) => row.media_id));
  }

  transcriptOf(mediaId: string): Promise<Transcript | null> {
    return this.em.findOne(TranscriptSchema, { media: mediaId });
  }

  /** Counted built-in downloads per episode of a show, since a time (or ever). */
  async downloadsByEpisode(podcastId: string, since: Date | null): Promise<Map<string, number>> {
    const rows = await this.em
      .getConnection()
      .execute<{ episode_id: string; plays: string }[]>(
        `select episode_id, count(*) as plays from episode_downloads where podcast_id = ? ${since ? 'and created_at >= ?' : ''} group by episode_id`,
        since ? [podcastId, since] : [podcastId],
      );
    return new Map(rows.map((row) => [row.episode_id, Number(row.plays)]));
  }

  /**
   * Records one download under its dedupe key and counts it on the episode; false when that listener's
   * download of the day was already counted (the unique key makes the insert the check).
   */
  async recordDownload(download: { episodeId: string; podcastId: string; dedupeKey: string; day: string; at: Date }): Promise<boolean> {
    const connection = this.em.getConnection();
    const inserted = await connection.execute<{ id: string }[]>(
      `insert into episode_downloads (id, episode_id, podcast_id, dedupe_key, day, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?) on conflict (dedupe_key) do nothing returning id`,
      [download.episodeId, download.podcastId, download.dedupeKey, download.day, download.at],
    );
    if (inserted.length === 0) return false;
    await connection.execute('update episodes set plays_total = plays_total + 1 where id = ?', [download.episodeId]);
    return true;
  }
}
