import type { EntityManager } from '@mikro-orm/postgresql';
import { EpisodeSchema, type Episode, type TStoredPublishOutcome } from './episode.entity.ts';
import { Repository } from '../../db/repository.ts';

/** An episode's publish choice made at assemble, as the row holds it. */
export interface PendingPublish {
  user_id: string;
  publish_mode: string | null;
  publish_at: Date | null;
  publish_at_local: string | null;
  visibility: string;
  status: string;
  publish_state: string | null;
}

/**
 * The render job's and the publish.after-render job's writes on an episode: the episode a render
 * starts from, its progress, the finished render stored with its follow-up job, and the publish
 * outcome settled once.
 */
export class EpisodeRendersRepository extends Repository {
  /** The episode a render starts from, with its show; null when it was deleted. */
  findForRender(id: string): Promise<Episode | null> {
    return this.em.findOne(EpisodeSchema, { id }, { populate: ['podcast'] });
  }

  /** A render's progress, while it is processing; on an entity manager of its own, as it runs beside the render's writes. */
  async recordProgress(id: string, renderProgress: number): Promise<void> {
    await this.em.fork().nativeUpdate(EpisodeSchema, { id, assemblyStatus: 'processing' }, { renderProgress });
  }

  /**
   * Writes the pending changes and whatever `alsoInside` writes (a job queued with them) in one
   * transaction: both are stored, or neither.
   */
  async flushWith(alsoInside: (transaction: EntityManager) => Promise<void>): Promise<void> {
    await this.em.begin();
    try {
      await this.em.flush();
      await alsoInside(this.em);
      await this.em.commit();
    } catch (error) {
      await this.em.rollback();
      throw error;
    }
  }

  /** The episode's publish choice while its outcome is pending (publish.after-render); null once it is settled. */
  async pendingPublish(id: string): Promise<PendingPublish | null> {
    const [row] = await this.em.getConnection().execute<PendingPublish[]>(
      `select user_id, publish_mode, publish_at, publish_at_local, visibility, status, publish_state
       from episodes where id = ? and publish_outcome->>'outcome' = 'pending'`,
      [id],
    );
    return row ?? null;
  }

  /** Settles a pending publish outcome; one settled already is left as it is. */
  async settlePublish(id: string, outcome: TStoredPublishOutcome): Promise<void> {
    await this.em
      .getConnection()
      .execute(`update episodes set publish_outcome = ?::jsonb where id = ? and publish_outcome->>'outcome' = 'pending'`, [
        JSON.stringify(outcome),
        id,
      ]);
  }

  /** The time an episode was to be published at is gone from its row (it stays a draft). */
  async clearSchedule(id: string): Promise<void> {
    await this.em.fork().nativeUpdate(EpisodeSchema, { id }, { publishAt: null, publishAtLocal: null });
  }
}
