import type { EntityData, RequiredEntityData } from '@mikro-orm/core';
import { RSS_IMPORT } from '@ppp/contracts';
import { z } from 'zod';
import { EpisodeSchema, type Episode } from '../episodes/episode.entity.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { liveJobExists } from '../jobs/live-jobs.ts';
import { RssImportSchema, type RssImport } from './rss-import.entity.ts';
import { Repository } from '../../db/repository.ts';

/** Statuses of an import whose job is still reading the feed and writing episodes. */
const RUNNING = ['queued', 'importing'];

/** The imports (rss_imports) and the shows and episodes they write, always scoped to one user where it is theirs. */
export class RssImportRepository extends Repository {
  /** Whether the user has an import still running; one whose row has not moved for an hour was lost and does not count. */
  async hasRunning(userId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from rss_imports
       where user_id = ? and status in (${RUNNING.map(() => '?').join(', ')})
         and updated_at > now() - make_interval(secs => ?)
       limit 1`,
      [userId, ...RUNNING, RSS_IMPORT.runningStaleAfterMs / 1000],
    );
    return rows.length > 0;
  }

  /**
   * Serialises the starts of one user until the surrounding transaction ends, so two parallel
   * starts cannot both find no running import and both write one.
   */
  async lockStartsOf(userId: string): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtext('rss-import-start'), hashtext(?))`, [userId]);
  }

  /** Runs `work` in a transaction on this unit of work (what it writes is still tracked afterwards); rolled back when it throws. */
  async inTransaction<T>(work: () => Promise<T>): Promise<T> {
    await this.em.begin();
    try {
      const result = await work();
      await this.em.commit();
      return result;
    } catch (error) {
      await this.em.rollback();
      throw error;
    }
  }

  /** The user's oldest show imported from one of these feed addresses, or null. */
  showImportedFrom(userId: string, feedUrls: readonly string[]): Promise<Podcast | null> {
    return this.em.findOne(PodcastSchema, { user: userId, importedFeedUrl: { $in: [...feedUrls] } }, { orderBy: { createdAt: 'asc' } });
  }

  /** Sets these fields on a show read through this unit of work (written with the next save). */
  updateShow(podcast: Podcast, fields: EntityData<Podcast>): void {
    this.em.assign(podcast, fields);
  }

  /** A new import row, tracked (written with the next save). */
  add(data: RequiredEntityData<RssImport>): RssImport {
    return this.em.create(RssImportSchema, data);
  }

  /** Writes the changes made to rows read or added through this unit of work. */
  save(): Promise<void> {
    return this.em.flush();
  }

  findById(importId: string): Promise<RssImport | null> {
    return this.em.findOne(RssImportSchema, { id: importId });
  }

  /** One of the user's imports; null for another user's, a malformed id or a missing one. */
  async findOwned(userId: string, importId: string): Promise<RssImport | null> {
    if (!z.uuid().safeParse(importId).success) return null;
    return this.em.findOne(RssImportSchema, { id: importId, user: userId });
  }

  /** A show's episodes, newest first (by publish time, unscheduled last), at most 500. */
  episodesOf(podcastId: string): Promise<Episode[]> {
    return this.em.find(
      EpisodeSchema,
      { podcast: podcastId },
      { orderBy: { publishAt: 'desc nulls last', createdAt: 'desc' }, limit: 500 },
    );
  }

  /** The show's imports whose copies are still being made (their ids). */
  mirroringOf(podcastId: string): Promise<Pick<RssImport, 'id'>[]> {
    return this.em.find(RssImportSchema, { podcast: podcastId, status: 'mirroring' }, { fields: ['id'] });
  }

  /** Whether the import's rss.mirror job is queued or running. */
  hasLiveMirrorJob(importId: string): Promise<boolean> {
    return liveJobExists(this.em, 'rss.mirror', 'import_id', importId);
  }

  /** What identifies each of the show's episodes: its host episode id, import key hash and guid. */
  episodeKeysOf(podcastId: string): Promise<Pick<Episode, 'hostEpisodeId' | 'importKeyHash' | 'guid'>[]> {
    return this.em.find(EpisodeSchema, { podcast: podcastId }, { fields: ['hostEpisodeId', 'importKeyHash', 'guid'] });
  }

  /** Which of these Spreaker episode ids an episode of any show already holds. */
  async spreakerIdsTaken(hostEpisodeIds: readonly string[]): Promise<Set<string>> {
    const rows = await this.em.find(
      EpisodeSchema,
      { hostKind: 'spreaker', hostEpisodeId: { $in: [...hostEpisodeIds] } },
      { fields: ['hostEpisodeId'] },
    );
    return new Set(rows.flatMap((row) => (row.hostEpisodeId ? [row.hostEpisodeId] : [])));
  }

  /** A new episode, tracked (written with the next save). */
  addEpisode(data: RequiredEntityData<Episode>): Episode {
    return this.em.create(EpisodeSchema, data);
  }
}
