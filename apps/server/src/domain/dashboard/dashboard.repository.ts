import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { TemplateSchema } from '../templates/template.entity.ts';
import { SpreakerAccountSchema } from '../spreaker/spreaker-account.entity.ts';
import { EpisodeSchema, type Episode } from '../episodes/episode.entity.ts';

type Owner = Pick<User, 'id'>;

/** What the dashboard counts, always for one user. */
export class DashboardRepository {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async counts(user: Owner): Promise<{ shows: number; activeTemplates: number; spreakerAccounts: number }> {
    const [shows, activeTemplates, spreakerAccounts] = await Promise.all([
      this.em.count(PodcastSchema, { user: user.id }),
      this.em.count(TemplateSchema, { user: user.id, isActive: true }),
      this.em.count(SpreakerAccountSchema, { user: user.id }),
    ]);
    return { shows, activeTemplates, spreakerAccounts };
  }

  /** Downloads counted by the built-in host since a time, over all the user's shows. */
  async playsSince(user: Owner, since: Date): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ plays: string }[]>(
        'select count(*) as plays from episode_downloads d join podcasts p on p.id = d.podcast_id where p.user_id = ? and d.created_at >= ?',
        [user.id, since],
      );
    return Number(rows[0]?.plays ?? 0);
  }

  /** Downloads of each of the user's episodes given, since a time (an episode with none is left out). */
  async playsOfEpisodesSince(user: Owner, episodeIds: readonly string[], since: Date): Promise<Map<string, number>> {
    if (episodeIds.length === 0) return new Map();
    const rows = await this.em.getConnection().execute<{ episode_id: string; plays: string }[]>(
      `select d.episode_id, count(*) as plays from episode_downloads d join podcasts p on p.id = d.podcast_id
         where p.user_id = ? and d.episode_id in (${episodeIds.map(() => '?').join(', ')}) and d.created_at >= ? group by d.episode_id`,
      [user.id, ...episodeIds, since],
    );
    return new Map(rows.map((row) => [row.episode_id, Number(row.plays)]));
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
