import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { TemplateSchema } from '../templates/template.entity.ts';
import { SpreakerAccountSchema } from '../spreaker/spreaker-account.entity.ts';

type Owner = Pick<User, 'id'>;

/** What the dashboard counts beyond the episodes table, always for one user. */
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
}
