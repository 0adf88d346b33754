import type { PlanUser } from '../billing/feature-gate.ts';
import { Repository } from '../../db/repository.ts';

/** The rows a job can name as its subject (PLAN_PRIORITY_JOBS in contracts). */
export type JobSubject = 'media' | 'episode';

const TABLE_OF: Record<JobSubject, string> = { media: 'media_items', episode: 'episodes' };

/** Whose a queued job is: the account behind the upload or the episode its payload names. */
export class JobOwnersRepository extends Repository {
  /** The owner's plan fields, or null when the row is gone. Runs in the caller's transaction, if any. */
  async ownerOf(subject: JobSubject, id: string): Promise<PlanUser | null> {
    const [row] = await this.em.execute<{ id: string; tier: string; subscription_expires_at: Date | string | null }[]>(
      `select u.id, u.tier, u.subscription_expires_at from ${TABLE_OF[subject]} t join users u on u.id = t.user_id where t.id = ?`,
      [id],
    );
    return row
      ? {
          id: row.id,
          tier: row.tier,
          subscriptionExpiresAt: row.subscription_expires_at === null ? null : new Date(row.subscription_expires_at),
        }
      : null;
  }
}
