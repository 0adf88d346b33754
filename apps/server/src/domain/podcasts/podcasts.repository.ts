import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import type { User } from '../users/user.entity.ts';
import { EpisodeSchema } from '../episodes/episode.entity.ts';
import { PodcastSchema, type Podcast } from './podcast.entity.ts';
import { DistributionItemSchema, type DistributionItem } from './distribution-item.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The shows table and what hangs off a show (its checklist), for the show screens: always scoped to one user where it is theirs. */
export class PodcastsRepository extends Repository {
  /** One of the user's shows; null for another user's, a malformed id or a missing one. */
  async findOwned(user: Pick<User, 'id'>, id: string): Promise<Podcast | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(PodcastSchema, { id, user: user.id });
  }

  /** Any show by id (the public feed); null when there is none. */
  async findById(id: string): Promise<Podcast | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(PodcastSchema, { id });
  }

  /** The user's shows, oldest first (the order they were made in). */
  findForUser(user: Pick<User, 'id'>): Promise<Podcast[]> {
    return this.em.find(PodcastSchema, { user: user.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** The user's shows linked to a Spreaker show. */
  findLinkedToSpreaker(user: Pick<User, 'id'>): Promise<Podcast[]> {
    return this.em.find(PodcastSchema, { user: user.id, spreakerShowId: { $ne: null } });
  }

  /** Another of the user's shows already linked to this Spreaker show; null when none is. */
  findLinkedElsewhere(user: Pick<User, 'id'>, spreakerShowId: string, exceptId: string): Promise<Podcast | null> {
    return this.em.findOne(PodcastSchema, { user: user.id, spreakerShowId, id: { $ne: exceptId } });
  }

  /** A new show, tracked (written by the next flush). */
  create(data: RequiredEntityData<Podcast>): Podcast {
    return this.em.create(PodcastSchema, data);
  }

  /** Removes the show (its episodes go with it, by cascade). */
  async remove(podcast: Podcast): Promise<void> {
    await this.em.remove(podcast).flush();
  }

  /** The stored files of the show's episodes, read before the show goes. */
  async episodeFiles(podcastId: string): Promise<string[]> {
    const episodes = await this.em.find(EpisodeSchema, { podcast: podcastId }, { fields: ['id', 'finalAudioKey', 'coverStorageKey'] });
    return episodes.flatMap((episode) => [episode.finalAudioKey, episode.coverStorageKey].filter((key): key is string => !!key));
  }

  /** How many of the show's episodes are published or scheduled. */
  liveEpisodeCount(podcastId: string): Promise<number> {
    return this.em.count(EpisodeSchema, { podcast: podcastId, status: { $in: ['published', 'scheduled'] } });
  }

  checklistOf(podcastId: string): Promise<DistributionItem[]> {
    return this.em.find(DistributionItemSchema, { podcast: podcastId });
  }

  /** Insert-or-update of one checklist item in one statement: two quick saves of the same item never collide. */
  async saveChecklistItem(podcastId: string, key: string, status: string, notes: string | null | undefined): Promise<void> {
    await this.em.getConnection().execute(
      `insert into podcast_distribution_items (id, podcast_id, key, status, notes, updated_at)
       values (gen_random_uuid(), ?, ?, ?, ?, now())
       on conflict (podcast_id, key) do update set status = excluded.status,
         notes = case when ? then excluded.notes else podcast_distribution_items.notes end, updated_at = now()`,
      [podcastId, key, status, notes ?? null, notes !== undefined],
    );
  }
}
