import type { Owner } from '../users/user.entity.ts';
import type { Episode } from './episode.entity.ts';
import type { EpisodeView } from './episode-view.ts';
import { Repository } from '../../db/repository.ts';

/** Episode History's pages: the user's episodes as plain rows of the columns the list shows, and their version. */
export class EpisodeListRepository extends Repository {
  /**
   * How many episodes the user's list counts, and a version of every row a page of it reads (the
   * episodes, their shows and their uploads): the count and the summed transaction ids (xmin) of
   * those rows change with any insert, update or delete, by any server or job, so a page kept for
   * one version is never served after a change. Each table is summed on its own user index (all
   * the user's shows and uploads, a superset of those the page joins): three small scans instead
   * of a join, about a third of the database's time on every call.
   */
  async pageVersion(user: Owner, options: ListScope): Promise<{ total: number; version: string }> {
    const { sql: inShow, params: show } = scopeOf('podcast_id', options);
    const [row] = await this.em.getConnection().execute<{ total: number; version: string }[]>(
      `select e.total, concat_ws('.', e.version,
         (select sum(xmin::text::bigint) from podcasts where user_id = ?),
         (select sum(xmin::text::bigint) from media_items where user_id = ?)) as version
       from (select count(*)::int as total, sum(xmin::text::bigint) as version from episodes where user_id = ? ${inShow}) e`,
      [user.id, user.id, user.id, ...show],
    );
    return { total: row?.total ?? 0, version: row?.version ?? '' };
  }

  /**
   * A page of the user's episodes, newest first: only the columns the list shows, read as plain rows
   * (no EDL or recipe bodies, no tracked entities; a list of 500 is the Episode History page).
   */
  async pageRows(user: Owner, options: ListScope & { limit: number; offset: number }): Promise<EpisodeView[]> {
    const scope = scopeOf('e.podcast_id', options);
    const show = scope.sql;
    const params = [user.id, ...scope.params];
    const rows = await this.em
      .getConnection()
      .execute<EpisodeRow[]>(`${LIST_SELECT} where e.user_id = ? ${show} order by e.created_at desc, e.id desc limit ? offset ?`, [
        ...params,
        options.limit,
        options.offset,
      ]);
    return rows.map(viewOfRow);
  }
}

/** Which of the user's episodes a list counts: one show's, and only the shows a team member was given (issue 34; null: all). */
export interface ListScope {
  podcastId?: string | undefined;
  podcastIds?: readonly string[] | null;
}

function scopeOf(column: string, scope: ListScope): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  if (scope.podcastId) {
    parts.push(`and ${column} = ?`);
    params.push(scope.podcastId);
  }
  if (scope.podcastIds) {
    parts.push(scope.podcastIds.length ? `and ${column} in (${scope.podcastIds.map(() => '?').join(', ')})` : 'and false');
    params.push(...scope.podcastIds);
  }
  return { sql: parts.join(' '), params };
}

const LIST_SELECT = `select e.id, e.template_id, e.title, e.description, e.tags, e.explicit, e.cover_crop, e.cover_storage_key,
    e.season, e.episode_number, e.publish_at, e.publish_at_local, e.published_at, e.plays_total, e.source_audio_url,
    e.final_audio_key, e.mirror_key, e.mirror_status, e.transcript_links, e.publish_state, e.publish_error, e.host_kind,
    e.host_episode_id, e.error_message, e.cleanup_stats, e.podcasting20, e.status, e.visibility, e.assembly_status, e.duration_ms, e.processed_at,
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
  podcasting20: Episode['podcasting20'];
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
    podcasting20: row.podcasting20,
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
