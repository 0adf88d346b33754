import type { RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { COVER_CATEGORIES, LIBRARY_CATEGORIES } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import { MediaItemSchema, type MediaItem } from '../media/media-item.entity.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { TemplateSchema } from '../templates/template.entity.ts';
import { TranscriptSchema, type Transcript } from '../transcripts/transcript.entity.ts';
import { EpisodeSchema, type Episode } from './episode.entity.ts';
import type { EpisodeView } from './episode-view.ts';
import type { ClipRef } from './assembly-sources.ts';
import { UsageRepository } from '../billing/usage.repository.ts';

type Owner = Pick<User, 'id'>;

/** What the episode screens and the dashboard read from the episodes table, always scoped to one user. */
export class EpisodesRepository {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  /** One of the user's episodes with its show and source upload; null for another user's, a malformed id or a missing one. */
  async findOwned(user: Owner, id: string): Promise<Episode | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(EpisodeSchema, { id, user: user.id }, { populate: ['podcast', 'sourceMedia'] });
  }

  /** Any episode by id, for a signed file URL (the signature is the access check); null when there is none. */
  async findById(id: string): Promise<Episode | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(EpisodeSchema, { id }, { populate: ['podcast'] });
  }

  /**
   * How many episodes the user's list counts, and a version of every row a page of it reads (the
   * episodes, their shows and their uploads): the count and the summed transaction ids (xmin) of
   * those rows change with any insert, update or delete, by any server or job, so a page kept for
   * one version is never served after a change.
   */
  async pageVersion(user: Owner, options: { podcastId?: string | undefined }): Promise<{ total: number; version: string }> {
    const show = options.podcastId ? 'and e.podcast_id = ?' : '';
    const [row] = await this.em.getConnection().execute<{ total: number; version: string }[]>(
      `select count(*)::int as total,
         concat_ws('.', sum(e.xmin::text::bigint), sum(p.xmin::text::bigint), sum(m.xmin::text::bigint)) as version
       from episodes e join podcasts p on p.id = e.podcast_id left join media_items m on m.id = e.source_media_id
       where e.user_id = ? ${show}`,
      [user.id, ...(options.podcastId ? [options.podcastId] : [])],
    );
    return { total: row?.total ?? 0, version: row?.version ?? '' };
  }

  /**
   * A page of the user's episodes, newest first: only the columns the list shows, read as plain rows
   * (no EDL or recipe bodies, no tracked entities; a list of 500 is the Episode History page).
   */
  async pageRows(user: Owner, options: { limit: number; offset: number; podcastId?: string | undefined }): Promise<EpisodeView[]> {
    const show = options.podcastId ? 'and e.podcast_id = ?' : '';
    const params = [user.id, ...(options.podcastId ? [options.podcastId] : [])];
    const rows = await this.em
      .getConnection()
      .execute<EpisodeRow[]>(`${LIST_SELECT} where e.user_id = ? ${show} order by e.created_at desc, e.id desc limit ? offset ?`, [
        ...params,
        options.limit,
        options.offset,
      ]);
    return rows.map(viewOfRow);
  }

  /** Another episode of the same show already carrying this season and episode number. */
  async numberTaken(episode: Pick<Episode, 'id' | 'podcast'>, season: number | null, episodeNumber: number): Promise<boolean> {
    const podcastId = typeof episode.podcast === 'string' ? episode.podcast : episode.podcast.id;
    const count = await this.em.count(EpisodeSchema, { podcast: podcastId, season, episodeNumber, id: { $ne: episode.id } });
    return count > 0;
  }

  /** A show's episodes in all, those published or scheduled (live), and the drafts (processed, not yet out). */
  async showCounts(podcast: Pick<Podcast, 'id'>): Promise<{ total: number; live: number; drafts: number }> {
    const total = await this.em.count(EpisodeSchema, { podcast: podcast.id });
    const live = await this.em.count(EpisodeSchema, { podcast: podcast.id, status: { $in: ['published', 'scheduled'] } });
    const drafts = await this.em.count(EpisodeSchema, { podcast: podcast.id, status: 'processed' });
    return { total, live, drafts };
  }

  /** The highest season of the user's episodes of a show and the highest episode number within it (nulls when none). */
  async lastNumbering(user: Owner, podcast: Pick<Podcast, 'id'>): Promise<{ season: number | null; episode: number | null }> {
    const [row] = await this.em.getConnection().execute<{ season: number | null; episode: number | null }[]>(
      `select season, max(episode_number) as episode from episodes where podcast_id = ? and user_id = ?
       group by season order by season desc nulls last limit 1`,
      [podcast.id, user.id],
    );
    return { season: row?.season ?? null, episode: row?.episode ?? null };
  }

  /** A show's newest episodes, at most `limit`. */
  newestOfShow(podcast: Pick<Podcast, 'id'>, limit: number): Promise<Episode[]> {
    return this.em.find(EpisodeSchema, { podcast: podcast.id }, { orderBy: { createdAt: 'desc' }, limit });
  }

  /** One of the user's episodes, nothing populated; null for another user's, a malformed id or a missing one. */
  async findOwnedRow(user: Owner, id: string): Promise<Episode | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(EpisodeSchema, { id, user: user.id });
  }

  /** The user's episode whose current assembly job this is; null for another user's. */
  async findByJob(user: Owner, jobId: string): Promise<Episode | null> {
    return jobId ? this.em.findOne(EpisodeSchema, { assemblyJobId: jobId, user: user.id }) : null;
  }

  /** The user's episodes made with a template that carry a recipe, oldest first. */
  async withRecipeOf(user: Owner, templateId: string): Promise<Episode[]> {
    return this.em.find(EpisodeSchema, { user: user.id, templateId, assembly: { $ne: null } }, { orderBy: { createdAt: 'asc' } });
  }

  /** The user's show an episode goes to; null for another user's or a malformed id. */
  async findShow(user: Owner, id: string): Promise<Podcast | null> {
    return z.uuid().safeParse(id).success ? this.em.findOne(PodcastSchema, { id, user: user.id }) : null;
  }

  /** Whether this template is the user's (an episode may name only its owner's templates). */
  async templateOwned(user: Owner, templateId: string): Promise<boolean> {
    return (await this.em.count(TemplateSchema, { id: templateId, user: user.id })) > 0;
  }

  /** A cover the user uploaded before (an episode cover, or cover art), by its stored filename. */
  async findCover(user: Owner, filename: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { user: user.id, category: { $in: [...COVER_CATEGORIES] }, filename });
  }

  /** One of the user's media-library files (intro, outro, music, commercial, sfx) by id; null for another user's. */
  async findLibraryFile(user: Owner, mediaId: string): Promise<MediaItem | null> {
    if (!z.uuid().safeParse(mediaId).success) return null;
    return this.em.findOne(MediaItemSchema, { id: mediaId, user: user.id, category: { $in: [...LIBRARY_CATEGORIES] } });
  }

  /**
   * A clip a template or a choice names, among the user's files only: by media id when it is one of
   * them, else the newest with that stored or original filename (never an upload).
   */
  async findClip(userId: string, ref: ClipRef): Promise<MediaItem | null> {
    if (ref.media_id && z.uuid().safeParse(ref.media_id).success) {
      const byId = await this.em.findOne(MediaItemSchema, { id: ref.media_id, user: userId });
      if (byId) return byId;
    }
    const name = ref.filename?.trim();
    if (!name) return null;
    const [byName] = await this.em.find(
      MediaItemSchema,
      { user: userId, category: { $ne: 'main_content' }, $or: [{ filename: name }, { originalName: name }] },
      { orderBy: { createdAt: 'desc' }, limit: 1 },
    );
    return byName ?? null;
  }

  /** Any media item by id, for a signed snippet URL (the signature is the access check); null when there is none. */
  async findMediaById(id: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { id });
  }

  /** A media item of the user by id (an episode's upload); null for another user's. */
  async findMedia(userId: string, id: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { id, user: userId });
  }

  /** The stored words of an upload. */
  async transcriptOf(mediaId: string): Promise<Transcript | null> {
    return this.em.findOne(TranscriptSchema, { media: mediaId });
  }

  /** One of the user's generated files by category and stored name (an AI-voice render kept for reuse). */
  async findGenerated(userId: string, category: string, filename: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { user: userId, category, filename });
  }

  /** A new media item, written at the next flush. */
  createMedia(data: RequiredEntityData<MediaItem>): MediaItem {
    return this.em.create(MediaItemSchema, data);
  }

  /**
   * A new episode row and its charge in one transaction: `charge` runs first on the transaction's
   * minutes ledger; the row is written with it.
   */
  async createCharged<T>(row: RequiredEntityData<Episode>, charge: (ledger: UsageRepository) => Promise<T>): Promise<T> {
    return this.em.transactional(async (tx) => {
      const charged = await charge(new UsageRepository(tx));
      tx.create(EpisodeSchema, row);
      return charged;
    });
  }

  /** A charge (or its repeat) in a transaction of its own, on the transaction's minutes ledger. */
  transactional<T>(work: (ledger: UsageRepository) => Promise<T>): Promise<T> {
    return this.em.transactional((tx) => work(new UsageRepository(tx)));
  }

  /** An assembly whose job could not be queued: its charge goes and the episode says why. */
  async failUnqueued(episodeId: string, chargeKey: string, message: string): Promise<void> {
    await this.em.execute('delete from usage_charges where charge_key = ?', [chargeKey]);
    await this.em.nativeUpdate(EpisodeSchema, { id: episodeId }, { status: 'error', assemblyStatus: 'error', errorMessage: message });
  }

  /** Writes fields of an episode by id (the entity may belong to another caller's entity manager). */
  async update(id: string, fields: Partial<Pick<Episode, 'assembly' | 'status' | 'assemblyStatus' | 'renderProgress' | 'assemblyJobId'>>) {
    await this.em.nativeUpdate(EpisodeSchema, { id }, fields);
  }

  async remove(episode: Episode): Promise<void> {
    await this.em.remove(episode).flush();
  }

  async flush(): Promise<void> {
    await this.em.flush();
  }

  /** The figures of the dashboard's statistics that come straight from the episodes table. */
  async statsFor(user: Owner, since: Date, now: Date): Promise<EpisodeCounts> {
    const rows = await this.em.getConnection().execute<RawCounts[]>(
      `select count(*) as total,
              count(*) filter (where created_at >= ?) as last_30d,
              count(*) filter (where status = 'scheduled' and publish_at > ?) as upcoming,
              max(coalesce(published_at, publish_at)) filter (where status = 'published') as last_published,
              coalesce(sum(plays_total), 0) as plays
         from episodes where user_id = ?`,
      [since, now, user.id],
    );
    const row = rows[0];
    return {
      total: Number(row?.total ?? 0),
      last30d: Number(row?.last_30d ?? 0),
      upcoming: Number(row?.upcoming ?? 0),
      lastPublishedAt: row?.last_published ? new Date(row.last_published) : null,
      playsTotal: Number(row?.plays ?? 0),
    };
  }

  /** The most recently made episode (its status is the last assembly's outcome). */
  async latest(user: Owner): Promise<Pick<Episode, 'id' | 'status'> | null> {
    return this.em.findOne(
      EpisodeSchema,
      { user: user.id, importKey: null },
      { orderBy: { createdAt: 'desc', id: 'desc' }, fields: ['id', 'status'] },
    );
  }

  /** The user's most recent published or scheduled episodes. */
  async recentlyReleased(user: Owner, limit: number): Promise<Pick<Episode, 'id' | 'title'>[]> {
    return this.em.find(
      EpisodeSchema,
      { user: user.id, status: { $in: ['published', 'scheduled'] } },
      { orderBy: { publishAt: 'desc', createdAt: 'desc', id: 'desc' }, limit, fields: ['id', 'title'] },
    );
  }
}

interface RawCounts {
  total: string | number;
  last_30d: string | number;
  upcoming: string | number;
  last_published: string | Date | null;
  plays: string | number;
}

export interface EpisodeCounts {
  total: number;
  last30d: number;
  upcoming: number;
  lastPublishedAt: Date | null;
  playsTotal: number;
}

const LIST_SELECT = `select e.id, e.template_id, e.title, e.description, e.tags, e.explicit, e.cover_crop, e.cover_storage_key,
    e.season, e.episode_number, e.publish_at, e.publish_at_local, e.published_at, e.plays_total, e.source_audio_url,
    e.final_audio_key, e.mirror_key, e.mirror_status, e.transcript_links, e.publish_state, e.publish_error, e.host_kind,
    e.host_episode_id, e.error_message, e.cleanup_stats, e.status, e.visibility, e.assembly_status, e.duration_ms, e.processed_at,
    e.created_at, e.edl is not null as has_edl, coalesce(m.transcript_ready, false) as transcript_ready,
    m.id as upload_id, m.filename as upload_filename, m.original_name as upload_original_name,
    p.id as podcast_id, p.name as podcast_name, p.cover_storage_key as podcast_cover_storage_key
  from episodes e join podcasts p on p.id = e.podcast_id left join media_items m on m.id = e.source_media_id`;

/** One row of LIST_SELECT, as the driver answers it (jsonb parsed; timestamptz as text, which MikroORM's connection keeps unparsed). */
interface EpisodeRow {
  id: string;
  template_id: string | null;
  title: string;
  description: string;
  tags: Episode['tags'];
  explicit: boolean;
  cover_crop: Episode['coverCrop'];
  cover_storage_key: string | null;
  season: number | null;
  episode_number: number | null;
  publish_at: string | Date | null;
  publish_at_local: string | null;
  published_at: string | Date | null;
  plays_total: number;
  source_audio_url: string | null;
  final_audio_key: string | null;
  mirror_key: string | null;
  mirror_status: string | null;
  transcript_links: Episode['transcriptLinks'];
  publish_state: string | null;
  publish_error: string | null;
  host_kind: string | null;
  host_episode_id: string | null;
  error_message: string | null;
  cleanup_stats: Episode['cleanupStats'];
  status: string;
  visibility: string;
  assembly_status: string | null;
  duration_ms: number | null;
  processed_at: string | Date | null;
  created_at: string | Date;
  has_edl: boolean;
  transcript_ready: boolean;
  upload_id: string | null;
  upload_filename: string | null;
  upload_original_name: string | null;
  podcast_id: string;
  podcast_name: string;
  podcast_cover_storage_key: string | null;
}

function viewOfRow(row: EpisodeRow): EpisodeView {
  return {
    id: row.id,
    templateId: row.template_id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    explicit: row.explicit,
    coverCrop: row.cover_crop,
    coverStorageKey: row.cover_storage_key,
    season: row.season,
    episodeNumber: row.episode_number,
    publishAt: dateOf(row.publish_at),
    publishAtLocal: row.publish_at_local,
    publishedAt: dateOf(row.published_at),
    playsTotal: row.plays_total,
    sourceAudioUrl: row.source_audio_url,
    finalAudioKey: row.final_audio_key,
    mirrorKey: row.mirror_key,
    mirrorStatus: row.mirror_status,
    transcriptLinks: row.transcript_links,
    publishState: row.publish_state,
    publishError: row.publish_error,
    hostKind: row.host_kind,
    hostEpisodeId: row.host_episode_id,
    errorMessage: row.error_message,
    cleanupStats: row.cleanup_stats,
    status: row.status,
    visibility: row.visibility,
    assemblyStatus: row.assembly_status,
    durationMs: row.duration_ms,
    processedAt: dateOf(row.processed_at),
    createdAt: new Date(row.created_at),
    podcast: { id: row.podcast_id, name: row.podcast_name, coverStorageKey: row.podcast_cover_storage_key },
    upload: row.upload_id ? { id: row.upload_id, filename: row.upload_filename, originalName: row.upload_original_name } : null,
    transcriptReady: row.transcript_ready,
    hasEdl: row.has_edl,
  };
}

function dateOf(value: string | Date | null): Date | null {
  return value === null ? null : new Date(value);
}
