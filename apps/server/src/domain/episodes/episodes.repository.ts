import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import type { Owner } from '../users/user.entity.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { TemplateSchema } from '../templates/template.entity.ts';
import { EpisodeSchema, type Episode } from './episode.entity.ts';
import { UsageRepository } from '../billing/usage.repository.ts';
import { Repository } from '../../db/repository.ts';

/** What the episode screens read and write of the episodes table, always scoped to one user. */
export class EpisodesRepository extends Repository {
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
}
