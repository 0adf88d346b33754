import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { User } from '../users/user.entity.ts';
import { EpisodeSchema, type Episode } from './episode.entity.ts';

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

  /** A page of the user's episodes, newest first, and how many there are in all. */
  async page(
    user: Owner,
    options: { limit: number; offset: number; podcastId?: string | undefined },
  ): Promise<{ items: Episode[]; total: number }> {
    const where = { user: user.id, ...(options.podcastId ? { podcast: options.podcastId } : {}) };
    const [items, total] = await this.em.findAndCount(EpisodeSchema, where, {
      populate: ['podcast', 'sourceMedia'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: options.limit,
      offset: options.offset,
    });
    return { items, total };
  }

  /** Another episode of the same show already carrying this season and episode number. */
  async numberTaken(episode: Pick<Episode, 'id' | 'podcast'>, season: number | null, episodeNumber: number): Promise<boolean> {
    const podcastId = typeof episode.podcast === 'string' ? episode.podcast : episode.podcast.id;
    const count = await this.em.count(EpisodeSchema, { podcast: podcastId, season, episodeNumber, id: { $ne: episode.id } });
    return count > 0;
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
  async latest(user: Owner): Promise<Episode | null> {
    return this.em.findOne(EpisodeSchema, { user: user.id, importKey: null }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** The user's most recent published or scheduled episodes. */
  async recentlyReleased(user: Owner, limit: number): Promise<Episode[]> {
    return this.em.find(
      EpisodeSchema,
      { user: user.id, status: { $in: ['published', 'scheduled'] } },
      { orderBy: { publishAt: 'desc', createdAt: 'desc', id: 'desc' }, limit },
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
